/**
 * `pnpm insights --from YYYY-MM-DD --to YYYY-MM-DD [--json]`: the Insights tool's figures in a terminal —
 * visitors, page views, leads and conversion against the previous period; by landing page; by source,
 * medium and campaign; by form; the questionnaire per question and per branch; Core Web Vitals.
 *
 * While the server runs it asks the server's admin API (LEADS_SERVER_URL, default http://127.0.0.1:$PORT
 * or 4173) with the admin token, since the embedded store is one process's; otherwise it opens the store.
 */
import { parseArgs } from 'node:util'
import type { InsightsReport } from '@site/leads/insights'
import { checkRange } from '../insights/figures.ts'
import { startInsightsService } from '../insights/insightsService.ts'
import { reportText } from '../insights/reportText.ts'
import { openLeadDatabase } from '../leads/db/database.ts'
import { leadConfigFromEnv } from '../leads/leadConfig.ts'
import { memoryLog } from '../leads/leadLog.ts'
import { loadRootEnvFile } from '../rootEnv.ts'

loadRootEnvFile()
const { values: options } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } },
})
const range = checkRange(options)
if ('error' in range) {
  process.stderr.write(`${range.error}\nUsage: pnpm insights --from YYYY-MM-DD --to YYYY-MM-DD [--json]\n`)
  process.exit(2)
}
const config = leadConfigFromEnv()
const query = `/api/admin/insights?from=${range.from}&to=${range.to}`
const headers = { authorization: `Bearer ${config.adminToken}` }

async function fromServer(): Promise<Response | undefined> {
  const server = process.env.LEADS_SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4173}`
  const response = await fetch(`${server}${query}`, { headers }).catch(() => undefined)
  return response && response.status !== 404 ? response : undefined
}

async function fromStore(): Promise<Response> {
  const store = await openLeadDatabase(config)
  try {
    const insights = await startInsightsService({ leadDb: store.db, ...config, log: memoryLog() })
    try {
      // The admin API's auth is the server's: here the operator opened the store on this machine.
      return await insights.app.request(query)
    } finally {
      await insights.close()
    }
  } finally {
    await store.close()
  }
}

const response = (await fromServer()) ?? (await fromStore())
if (!response.ok) {
  process.stderr.write(`The server answered ${response.status}: ${await response.text()}\n`)
  process.exit(1)
}
const report = (await response.json()) as InsightsReport
process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report))
