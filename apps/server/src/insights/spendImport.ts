import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { EMBEDDED_DATASET, findRepoRoot } from '@site/content-api'
import { type CampaignSpend, campaignSpendSchema } from '@site/leads/spend'

/** The columns of a spend CSV, in any order; source and medium may be left out. */
const COLUMNS = ['campaign', 'source', 'medium', 'month', 'amount'] as const

/** RFC 4180 records: fields split by commas, quoted where they hold a comma, quote or line break. */
function csvRecords(text: string): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let start = 1
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (char === '"') quoted = false
      else {
        if (char === '\n') line += 1
        field += char
      }
    } else if (char === '"') quoted = true
    else if (char === ',') {
      fields.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1
      fields.push(field)
      if (fields.some((value) => value.trim() !== '')) records.push({ line: start, fields })
      fields = []
      field = ''
      line += 1
      start = line
    } else field += char
  }
  fields.push(field)
  if (fields.some((value) => value.trim() !== '')) records.push({ line: start, fields })
  return records
}

/**
 * A spend CSV's rows (a header naming campaign, month and amount, optionally source and medium), each
 * checked by the Studio's rules; every problem named by its line and column. Nothing is written on any.
 */
export function parseSpendCsv(text: string): { entries: CampaignSpend[] } | { errors: string[] } {
  const [header, ...rows] = csvRecords(text)
  if (!header) return { errors: ['the file is empty: give a header line campaign,source,medium,month,amount'] }
  const names = header.fields.map((name) => name.trim().toLowerCase())
  const unknown = names.filter((name) => !(COLUMNS as readonly string[]).includes(name))
  const missing = ['campaign', 'month', 'amount'].filter((name) => !names.includes(name))
  if (unknown.length > 0 || missing.length > 0) {
    const problems = [
      ...unknown.map((name) => `"${name}" is not a column`),
      ...missing.map((name) => `the column "${name}" is missing`),
    ]
    return { errors: [`line ${header.line}: ${problems.join('; ')} (columns: ${COLUMNS.join(', ')})`] }
  }
  if (rows.length === 0) return { errors: ['the file has a header and no spend rows'] }
  const errors: string[] = []
  const entries: CampaignSpend[] = []
  const seen = new Map<string, number>()
  for (const row of rows) {
    if (row.fields.length !== names.length) {
      errors.push(`line ${row.line}: ${row.fields.length} fields where the header has ${names.length}`)
      continue
    }
    const parsed = campaignSpendSchema.safeParse(Object.fromEntries(names.map((name, i) => [name, row.fields[i]])))
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push(`line ${row.line}, ${String(issue.path[0])}: ${issue.message}`)
      continue
    }
    const id = spendDocumentId(parsed.data)
    const earlier = seen.get(id)
    if (earlier !== undefined) {
      errors.push(`line ${row.line}: the same campaign, source, medium and month as line ${earlier}`)
      continue
    }
    seen.set(id, row.line)
    entries.push(parsed.data)
  }
  return errors.length > 0 ? { errors } : { entries }
}

/** One document per campaign, source, medium and month: importing a corrected file replaces the amounts. */
export function spendDocumentId(entry: CampaignSpend): string {
  const key = JSON.stringify([entry.campaign, entry.source ?? '', entry.medium ?? '', entry.month])
  return `campaignSpend-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`
}

/** Where the documents are written: Sanity's mutation API, or the local Content Lake `pnpm studio` runs. */
export interface ContentWriter {
  url: string
  token: string
  where: string
}

/**
 * With SANITY_PROJECT_ID: that project's dataset (SANITY_DATASET) with SANITY_WRITE_TOKEN. Otherwise the
 * local Content Lake on CONTENT_LAKE_PORT (3334) with its editor token (CONTENT_LAKE_TOKEN or .lake/token).
 */
export function contentWriterFromEnv(env: NodeJS.ProcessEnv = process.env): ContentWriter | { error: string } {
  if (env.SANITY_PROJECT_ID) {
    if (!env.SANITY_WRITE_TOKEN)
      return { error: 'Set SANITY_WRITE_TOKEN (an Editor token of the project) to write spend' }
    const dataset = env.SANITY_DATASET || 'production'
    return {
      url: `https://${env.SANITY_PROJECT_ID}.api.sanity.io/v2025-02-19/data/mutate/${dataset}`,
      token: env.SANITY_WRITE_TOKEN,
      where: `Sanity project ${env.SANITY_PROJECT_ID}, dataset ${dataset}`,
    }
  }
  const port = env.CONTENT_LAKE_PORT || '3334'
  let token = env.CONTENT_LAKE_TOKEN
  if (!token) {
    try {
      token = readFileSync(join(findRepoRoot(), '.lake', 'token'), 'utf8').trim()
    } catch {
      return { error: 'No local editor token: start the Studio (pnpm studio) or set CONTENT_LAKE_TOKEN' }
    }
  }
  return {
    url: `http://127.0.0.1:${port}/v2025-02-19/data/mutate/${EMBEDDED_DATASET}`,
    token,
    where: `the local Content Lake on port ${port}`,
  }
}

/** Writes the entries as published documents in one transaction: all of them, or none. */
export async function writeSpend(writer: ContentWriter, entries: CampaignSpend[]): Promise<void> {
  const mutations = entries.map((entry) => ({
    createOrReplace: {
      _id: spendDocumentId(entry),
      _type: 'campaignSpend',
      campaign: entry.campaign,
      ...(entry.source ? { source: entry.source } : {}),
      ...(entry.medium ? { medium: entry.medium } : {}),
      month: entry.month,
      amount: entry.amount,
    },
  }))
  const response = await fetch(writer.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ mutations }),
  }).catch(() => undefined)
  if (!response) throw new Error(`${writer.where} does not answer: start it (pnpm studio) and import again`)
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { description?: string } }
    throw new Error(`${writer.where} refused the spend (${response.status}): ${body.error?.description ?? ''}`.trim())
  }
}
