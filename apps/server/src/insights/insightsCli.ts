import { readFileSync } from 'node:fs'
import type { ExperimentFigures } from '@site/leads/experiments'
import type { InsightsReport } from '@site/leads/insights'
import { Command, Option } from 'commander'
import { CliError } from '../leads/cli/cliError.ts'
import { openLeadDatabase } from '../leads/db/database.ts'
import { leadConfigFromEnv } from '../leads/leadConfig.ts'
import { memoryLog } from '../leads/leadLog.ts'
import { experimentsText } from './experiments/experimentsText.ts'
import { checkRange } from './figures.ts'
import { startInsightsService } from './insightsService.ts'
import { reportText } from './reportText.ts'
import { contentWriterFromEnv, parseSpendCsv, writeSpend } from './spendImport.ts'

/** Asks the running server's admin API for `path`, else opens the store and asks its routes in-process. */
async function ask<T>(path: string): Promise<T> {
  const config = leadConfigFromEnv()
  const headers = { authorization: `Bearer ${config.adminToken}` }
  const server = process.env.LEADS_SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4173}`
  const served = await fetch(`${server}${path}`, { headers }).catch(() => undefined)
  const response = served && served.status !== 404 ? served : await fromStore(path)
  if (!response.ok) throw new CliError(`The server answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

async function fromStore(path: string): Promise<Response> {
  const config = leadConfigFromEnv()
  const store = await openLeadDatabase(config)
  try {
    const insights = await startInsightsService({ leadDb: store.db, ...config, log: memoryLog() })
    try {
      // The admin API's auth is the server's: here the operator opened the store on this machine.
      return await insights.app.request(path)
    } finally {
      await insights.close()
    }
  } finally {
    await store.close()
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: string) => {
  if (!DAY.test(value)) throw new CliError(`"${value}" is not a day: give it as YYYY-MM-DD`)
  return value
}

/** `pnpm insights`: the report of a period (the default command) and the experiments. */
export function insightsProgram(): Command {
  const program = new Command('pnpm insights')
    .description("The Insights tool's figures in a terminal: the report of a period, and the A/B experiments.")
    .showHelpAfterError('(pnpm insights --help shows the commands)')
    .addHelpText(
      'after',
      `
Where the figures come from: the running server's admin API (LEADS_SERVER_URL,
else http://127.0.0.1:$PORT or 4173), else the store itself (DATABASE_URL, or
the embedded store in LEADS_DATA_DIR).

Examples:
  pnpm insights --from 2026-11-01 --to 2026-11-30
  pnpm insights report --from 2026-11-01 --to 2026-11-30 --json
  pnpm insights experiments
  pnpm insights experiments --json
  pnpm insights spend import spend-2026-11.csv`,
    )

  program
    .command('report', { isDefault: true })
    .description('visitors, leads and conversion of a period against the one before, by page, campaign and form')
    .addOption(new Option('--from <day>', 'first day, YYYY-MM-DD').argParser(day).makeOptionMandatory())
    .addOption(new Option('--to <day>', 'last day, YYYY-MM-DD').argParser(day).makeOptionMandatory())
    .option('--json', 'print what the admin API answers, as JSON')
    .action(async (options: { from: string; to: string; json?: boolean }) => {
      const range = checkRange(options)
      if ('error' in range) throw new CliError(range.error)
      const report = await ask<InsightsReport>(`/api/admin/insights?from=${range.from}&to=${range.to}`)
      process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report))
    })

  program
    .command('experiments')
    .description("each A/B experiment: its variants' page views, leads, rates, always-valid intervals and decision")
    .option('--json', 'print an array of experiments, each with id, page, status and variants, as JSON')
    .action(async (options: { json?: boolean }) => {
      const experiments = await ask<ExperimentFigures[]>('/api/admin/insights/experiments')
      process.stdout.write(options.json ? `${JSON.stringify(experiments, null, 2)}\n` : experimentsText(experiments))
    })

  const spend = program.command('spend').description("campaigns' spend per month: cost per lead and per qualified lead")
  spend
    .command('import')
    .argument('<file>', 'a CSV with the header campaign,source,medium,month,amount (source and medium optional)')
    .description(
      'check every row, then write each as a Campaign spend document (one per campaign, source, medium and month: ' +
        'a row already imported is replaced). Writes to SANITY_PROJECT_ID with SANITY_WRITE_TOKEN, else to the ' +
        'local Content Lake, which must be running (pnpm studio).',
    )
    .action(async (file: string) => {
      let text: string
      try {
        text = readFileSync(file, 'utf8')
      } catch {
        throw new CliError(`Cannot read ${file}`)
      }
      const parsed = parseSpendCsv(text)
      if ('errors' in parsed) {
        throw new CliError(`${file}: nothing imported. ${parsed.errors.join('; ')}`)
      }
      const writer = contentWriterFromEnv()
      if ('error' in writer) throw new CliError(writer.error)
      await writeSpend(writer, parsed.entries)
      process.stdout.write(`Imported ${parsed.entries.length} spend rows into ${writer.where}\n`)
    })

  return program
}
