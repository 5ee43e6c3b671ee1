import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ContentLakeServer, startContentLake } from '@site/content-api/lake'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contentWriterFromEnv, parseSpendCsv, writeSpend } from '../../apps/server/src/insights/spendImport'

const TOKEN = 'lead-test-local-editor-token-0123456789abcdef'

// `pnpm insights spend import` against a real local Content Lake server (the unit suite's msw allows no socket).
describe('importing spend into the local Content Lake', () => {
  let directory: string
  let lake: ContentLakeServer
  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'spend-lake-'))
    writeFileSync(join(directory, 'seed.ndjson'), '')
    lake = await startContentLake({
      seedFile: join(directory, 'seed.ndjson'),
      port: 0,
      projectId: 'embedded',
      token: TOKEN,
      allowedOrigins: [],
      releaseScheduler: false,
    })
  })
  afterEach(async () => {
    await lake.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it('writes one published document per row, and a corrected file replaces its amounts', async () => {
    const writer = contentWriterFromEnv({ CONTENT_LAKE_PORT: String(lake.port), CONTENT_LAKE_TOKEN: TOKEN })
    if ('error' in writer) throw new Error(writer.error)
    const csv = (amount: string) =>
      `campaign,source,medium,month,amount\nimo-q4,facebook,paid,2026-11,${amount}\nbrand,,,2026-11,500\n`
    for (const amount of ['3000', '3100.25']) {
      const parsed = parseSpendCsv(csv(amount))
      if ('errors' in parsed) throw new Error(parsed.errors.join('; '))
      await writeSpend(writer, parsed.entries)
    }
    const stored = readFileSync(join(directory, 'seed.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((document) => document._type === 'campaignSpend')
      .map(({ campaign, source, medium, month, amount }) => ({ campaign, source, medium, month, amount }))
    expect(stored).toEqual(
      expect.arrayContaining([
        { campaign: 'imo-q4', source: 'facebook', medium: 'paid', month: '2026-11', amount: 3100.25 },
        { campaign: 'brand', source: undefined, medium: undefined, month: '2026-11', amount: 500 },
      ]),
    )
    expect(stored).toHaveLength(2)
  })

  it('says the lake does not answer when it is not running', async () => {
    await lake.close()
    const writer = contentWriterFromEnv({ CONTENT_LAKE_PORT: String(lake.port), CONTENT_LAKE_TOKEN: TOKEN })
    if ('error' in writer) throw new Error(writer.error)
    await expect(writeSpend(writer, [{ campaign: 'x', month: '2026-11', amount: 1 }])).rejects.toThrow(
      `the local Content Lake on port ${lake.port} does not answer: start it (pnpm studio) and import again`,
    )
  })
})
