/**
 * `pnpm leads`: the operator's view of the lead store (apps/server/src/leads/cli; `pnpm leads --help`).
 *
 *   pnpm leads health                        the store, which webhooks are set, leads and deliveries by state
 *   pnpm leads list [--form F] [--state S] [--from ISO] [--to ISO] [--search TEXT] [--limit N]
 *   pnpm leads show <id>                     a lead, its answers, attribution, consent, delivery, every attempt
 *   pnpm leads replay <id> [--force]         send a dead-lettered, misconfigured or quarantined lead again
 *   pnpm leads replay --state dead|misconfigured|quarantined
 *   pnpm leads export [--form F] [--state S] [--from ISO] [--to ISO] [--search TEXT] > leads.csv
 *   pnpm leads forget <e-mail>               erases the person's leads, consents, outbox entries, dead letters
 *
 * Every command but export takes --json (what the admin API answers); --server <url> (LEADS_SERVER_URL)
 * asks that server only. A failure is one line on standard error and exit code 1.
 */
import { leadsProgram } from '../leads/cli/program.ts'
import { loadRootEnvFile } from '../rootEnv.ts'

// Commander prints its own usage errors and exits; whatever else fails is said in one line, never as a stack.
try {
  loadRootEnvFile()
  await leadsProgram().parseAsync()
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`error: ${message.split('\n')[0]}\n`)
  process.exitCode = 1
}
