import { once } from 'node:events'
import {
  LEAD_LIST_STATES,
  type LeadDetailJson,
  type LeadReleaseJson,
  type LeadReplayJson,
  type LeadSpamJson,
  type LeadSummaryJson,
  releaseText,
} from '@site/leads/admin'
import { LEAD_STATUSES } from '@site/leads/followThrough'
import { LEAD_FORMS } from '@site/leads/forms'
import { Argument, Command, InvalidArgumentError, Option } from 'commander'
import { leadConfigFromEnv } from '../leadConfig.ts'
import { type AdminClient, localServerOrigins, otherLocalServers, withAdminClient } from './adminClient.ts'
import { CliError } from './cliError.ts'
import { leadDetail } from './leadDetail.ts'
import { leadTable } from './leadTable.ts'
import {
  alsoAnswering,
  type ErasureJson,
  erasureSummary,
  type HealthJson,
  healthSummary,
  replayedMany,
  replayedOne,
} from './summaries.ts'

const REPLAYABLE_STATES = ['dead', 'misconfigured', 'quarantined'] as const
const DEFAULT_LIMIT = 100

interface Filter {
  form?: string
  state?: string
  from?: string
  to?: string
  search?: string
}

/**
 * `pnpm leads`: the operator's view of the lead store, on a live site or a stopped one. For a person by
 * default (tables, labelled sections, local times); `--json` prints what the admin API answers.
 */
export function leadsProgram(): Command {
  const [served, dev] = localServerOrigins()
  const program = new Command('pnpm leads')
    .description("The lead store's operator: what arrived, where each lead's delivery stands, replay, export, erasure.")
    .addOption(
      new Option('--server <url>', 'ask the lead server at this address, and nothing else').env('LEADS_SERVER_URL'),
    )
    .configureHelp({ showGlobalOptions: true })
    .addHelpText(
      'after',
      `
Where the answers come from:
  1. the lead server at --server (or LEADS_SERVER_URL), when given;
  2. else the first local server that answers the admin API:
     ${served} (pnpm serve, pnpm studio),
     then ${dev} (npm start's dev server);
  3. else the store itself, opened by this command: DATABASE_URL, or the
     embedded store in LEADS_DATA_DIR (default .data/leads).
The admin token: LEADS_ADMIN_TOKEN, or .data/leads-admin-token, which the
server made.

Examples:
  pnpm leads list --state dead
  pnpm leads show 0b9e2f4c-2d0a-4c55-9f6e-1b7f4d1e2a90
  pnpm leads show 0b9e2f4c-2d0a-4c55-9f6e-1b7f4d1e2a90 --json
  pnpm leads export --form contact --from 2026-11-01 > leads.csv`,
    )

  /** Runs a command against the admin API with the program's --server. */
  const asking =
    <A extends unknown[]>(work: (client: AdminClient, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      const server = program.opts<{ server?: string }>().server
      await withAdminClient({ server, config: leadConfigFromEnv() }, (client) => work(client, ...args))
    }

  program
    .command('health')
    .description(
      'the store, which webhooks, mail server and chat channels each local lead server has, leads and deliveries by state',
    )
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(async (client, options: { json?: boolean }) => {
        const health = await client.json<HealthJson>('/api/admin/health')
        if (options.json) return print(json(health))
        // Each other local lead server on its own lines: which of them can send the e-mail and the chat posts.
        const others = program.opts<{ server?: string }>().server
          ? []
          : await otherLocalServers(leadConfigFromEnv(), client.source)
        const theirs = await Promise.all(
          others.map(async (other) => {
            const answer = await other.json<HealthJson>('/api/admin/health').catch(() => undefined)
            return answer ? alsoAnswering(answer, other.source) : `Also answering  ${other.source}: no health answer`
          }),
        )
        print([healthSummary(health, client.source), ...theirs].join('\n\n'))
      }),
    )

  filterOptions(program.command('list'))
    .description('the newest leads as a table: id, received, form, state, name, e-mail, company, attempts')
    .addOption(
      new Option('--limit <n>', 'how many, newest first (1 to 1000)').argParser(limitOf).default(DEFAULT_LIMIT),
    )
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(async (client, options: Filter & { limit: number; json?: boolean }) => {
        const answer = await client.json<{ leads: LeadSummaryJson[] }>(
          `/api/admin/leads${query({ ...filterQuery(options), limit: String(options.limit) })}`,
        )
        print(options.json ? json(answer) : leadTable(answer.leads, options.limit))
      }),
    )

  program
    .command('show')
    .description('a lead in sections: the lead, its answers, attribution, consent, each delivery and every attempt')
    .argument('<id>', "the lead's id (the first column of list)")
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(async (client, id: string, options: { json?: boolean }) => {
        const record = await client.json<LeadDetailJson>(`/api/admin/leads/${encodeURIComponent(id)}`, {
          notFound: `No lead ${id}`,
        })
        print(options.json ? json(record) : leadDetail(record))
      }),
    )

  program
    .command('replay')
    .description('send a dead-lettered, misconfigured or quarantined lead again, or every lead of a state')
    .argument('[id]', 'the lead to send again')
    .option('--force', 'send it even though it was delivered')
    .addOption(new Option('--state <state>', 'every lead of this state instead of one').choices(REPLAYABLE_STATES))
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(async (client, id: string | undefined, options: { force?: boolean; state?: string; json?: boolean }) => {
        if (id && options.state) throw new CliError('Give a lead id or --state, not both')
        if (id) {
          const path = `/api/admin/leads/${encodeURIComponent(id)}/replay${query({ force: options.force ? 'true' : undefined })}`
          const answer = await client.json<LeadReplayJson>(path, {
            method: 'POST',
            notFound: `No lead ${id}`,
            failure: `Lead ${id} was not replayed`,
          })
          return print(options.json ? json(answer) : replayedOne(id, answer))
        }
        if (!options.state) throw new CliError('Give a lead id, or --state dead|misconfigured|quarantined')
        const answer = await client.json<{ replayed: string[] }>(
          `/api/admin/replay${query({ state: options.state })}`,
          {
            method: 'POST',
          },
        )
        print(options.json ? json(answer) : replayedMany(answer.replayed, options.state))
      }),
    )

  program
    .command('release')
    .description('"not spam": a quarantined lead or a repeat becomes an ordinary lead, and is delivered')
    .argument('<id>', 'the held lead')
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(async (client, id: string, options: { json?: boolean }) => {
        const answer = await client.json<LeadReleaseJson>(`/api/admin/leads/${encodeURIComponent(id)}/release`, {
          method: 'POST',
          notFound: `No lead ${id}`,
          failure: `Lead ${id} was not released`,
        })
        print(options.json ? json(answer) : `Lead ${id}: ${releaseText(answer)}`)
      }),
    )

  program
    .command('spam')
    .description("record the team's judgement that a lead it received is spam")
    .argument('<id>', 'the lead')
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(async (client, id: string, options: { json?: boolean }) => {
        const answer = await client.json<LeadSpamJson>(`/api/admin/leads/${encodeURIComponent(id)}/spam`, {
          method: 'POST',
          notFound: `No lead ${id}`,
          failure: `Lead ${id} was not marked as spam`,
        })
        print(options.json ? json(answer) : `Lead ${id} is marked as spam.`)
      }),
    )

  program
    .command('status')
    .description("set a lead's status: new, contacted, qualified, won (--value), lost (--reason), not-a-fit")
    .argument('<id>', 'the lead')
    .addArgument(new Argument('<status>', 'the new status').choices(LEAD_STATUSES))
    .option('--value <amount>', "a won lead's value, e.g. 5000")
    .option('--reason <reason>', "a lost lead's reason, one of the routing document's lost reasons")
    .option('--by <name>', 'who set it, for the history', process.env.USER || 'operator')
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(
        async (
          client,
          id: string,
          status: string,
          options: { value?: string; reason?: string; by: string; json?: boolean },
        ) => {
          const change = { status, value: options.value, reason: options.reason }
          const answer = await client.json<{ status: string }>(`/api/admin/leads/${encodeURIComponent(id)}/status`, {
            method: 'POST',
            body: { change, by: options.by, via: 'cli' },
            notFound: `No lead ${id}`,
            failure: `Lead ${id}'s status was not set`,
          })
          print(options.json ? json(answer) : `Lead ${id} is now ${status}.`)
        },
      ),
    )

  filterOptions(program.command('export'))
    .description('CSV on stdout, one row per lead with its attribution and consent: pnpm leads export > leads.csv')
    .action(
      asking(async (client, options: Filter) => {
        const csv = await client.stream(`/api/admin/export.csv${query(filterQuery(options))}`)
        const reader = csv.getReader()
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          if (!process.stdout.write(read.value)) await once(process.stdout, 'drain')
        }
      }),
    )

  program
    .command('forget')
    .description('erase a person: every lead of the address, its consents, outbox entries, dead letters, attempts')
    .argument('<e-mail>', 'the address whose leads are erased')
    .option('--json', 'print what the admin API answers, as JSON')
    .action(
      asking(async (client, email: string, options: { json?: boolean }) => {
        const answer = await client.json<ErasureJson>('/api/admin/forget', { method: 'POST', body: { email } })
        print(options.json ? json(answer) : erasureSummary(answer))
      }),
    )

  return program
}

function filterOptions(command: Command): Command {
  return command
    .addOption(new Option('--form <form>', 'only this form').choices(LEAD_FORMS))
    .addOption(new Option('--state <state>', 'only leads in this state').choices(LEAD_LIST_STATES))
    .option('--from <time>', 'received at or after (ISO 8601: 2026-11-01 or 2026-11-01T09:00Z)')
    .option('--to <time>', 'received before (ISO 8601)')
    .option('--search <text>', 'name, e-mail or company contains')
}

function filterQuery(filter: Filter): Record<string, string | undefined> {
  return { form: filter.form, state: filter.state, from: filter.from, to: filter.to, q: filter.search }
}

function limitOf(value: string): number {
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new InvalidArgumentError('a whole number, 1 to 1000')
  return limit
}

function query(entries: Record<string, string | undefined>): string {
  const defined = Object.entries(entries).filter((entry): entry is [string, string] => Boolean(entry[1]))
  return defined.length ? `?${new URLSearchParams(defined)}` : ''
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2)
}

function print(text: string): void {
  process.stdout.write(`${text}\n`)
}
