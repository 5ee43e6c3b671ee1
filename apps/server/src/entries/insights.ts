/**
 * `pnpm insights`: the Insights tool's figures in a terminal (`pnpm insights --help`).
 *
 *   pnpm insights [report] --from YYYY-MM-DD --to YYYY-MM-DD [--json]   visitors, page views, leads and
 *       conversion against the previous period; by landing page; by source, medium and campaign; by form;
 *       the questionnaire per question and per branch; Core Web Vitals
 *   pnpm insights experiments [--json]   each A/B experiment's variants, exposures, leads, rates, intervals
 *       and decision (docs/experiments.md)
 *
 * While the server runs it asks the server's admin API (LEADS_SERVER_URL, default http://127.0.0.1:$PORT
 * or 4173) with the admin token, since the embedded store is one process's; otherwise it opens the store.
 * A failure is one line on standard error and a non-zero exit.
 */
import { insightsProgram } from '../insights/insightsCli.ts'
import { loadRootEnvFile } from '../rootEnv.ts'

try {
  loadRootEnvFile()
  await insightsProgram().parseAsync()
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`error: ${message.split('\n')[0]}\n`)
  process.exitCode = 1
}
