/**
 * `pnpm leads`: the operator's view of the lead store, on a live site or a stopped one.
 *
 *   pnpm leads health                        the store, which webhooks are set, deliveries by state
 *   pnpm leads list [--form F] [--state S] [--limit N]
 *   pnpm leads show <id>                     a lead, its payload, its delivery and every attempt
 *   pnpm leads replay <id> [--force]         send a dead-lettered, misconfigured or quarantined lead again
 *   pnpm leads replay --state dead|misconfigured|quarantined
 *   pnpm leads export [--form F] [--state S] [--from ISO] [--to ISO] [--search TEXT] > leads.csv
 *                                            CSV on stdout: one row per lead, its attribution and consent
 *   pnpm leads forget <e-mail>               erases the person's leads, consents, outbox entries and dead
 *                                            letters, and prints what it erased
 *
 * While the server runs it asks the server's admin API (LEADS_SERVER_URL, default http://127.0.0.1:$PORT
 * or 4173), since the embedded store is one process's; otherwise it opens the store itself and answers
 * through the same API in this process. Either way, with the admin token (LEADS_ADMIN_TOKEN or the file
 * the server made).
 */
import { parseArgs } from 'node:util'
import { adminApi } from '../leads/adminApi.ts'
import { openLeadDatabase } from '../leads/db/database.ts'
import { leadConfigFromEnv } from '../leads/leadConfig.ts'
import { loadRootEnvFile } from '../rootEnv.ts'

loadRootEnvFile()
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    form: { type: 'string' },
    state: { type: 'string' },
    limit: { type: 'string' },
    force: { type: 'boolean' },
    from: { type: 'string' },
    to: { type: 'string' },
    search: { type: 'string' },
  },
})
const [command, id] = positionals
const config = leadConfigFromEnv()

type Ask = (path: string, method?: 'GET' | 'POST', body?: unknown) => Promise<Response>

async function askingServerOrStore<T>(work: (ask: Ask) => Promise<T>): Promise<T> {
  const server = process.env.LEADS_SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4173}`
  const headers = { authorization: `Bearer ${config.adminToken}`, 'content-type': 'application/json' }
  const init = (method: string, body: unknown) => ({
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const reachable = await fetch(`${server}/api/admin/health`, { headers }).then(
    (response) => response.status !== 404,
    () => false,
  )
  if (reachable) return work((path, method = 'GET', body) => fetch(`${server}${path}`, init(method, body)))
  const store = await openLeadDatabase(config)
  try {
    const api = adminApi({ store, config, wakeOutbox: () => {} })
    return await work(async (path, method = 'GET', body) => api.request(path, init(method, body)))
  } finally {
    await store.close()
  }
}

function query(entries: Record<string, string | undefined>): string {
  const defined = Object.entries(entries).filter((entry): entry is [string, string] => Boolean(entry[1]))
  return defined.length ? `?${new URLSearchParams(defined)}` : ''
}

async function print(response: Response): Promise<void> {
  const body: unknown = await response.json()
  console.log(JSON.stringify(body, null, 2))
  if (!response.ok) process.exitCode = 1
}

await askingServerOrStore(async (ask) => {
  switch (command) {
    case 'health':
      return print(await ask('/api/admin/health'))
    case 'list':
      return print(
        await ask(`/api/admin/leads${query({ form: options.form, state: options.state, limit: options.limit })}`),
      )
    case 'show':
      if (!id) throw new Error('Usage: pnpm leads show <id>')
      return print(await ask(`/api/admin/leads/${encodeURIComponent(id)}`))
    case 'replay':
      if (id) {
        return print(
          await ask(
            `/api/admin/leads/${encodeURIComponent(id)}/replay${query({ force: options.force ? 'true' : undefined })}`,
            'POST',
          ),
        )
      }
      return print(await ask(`/api/admin/replay${query({ state: options.state })}`, 'POST'))
    case 'export': {
      const filter = { form: options.form, state: options.state, from: options.from, to: options.to, q: options.search }
      const response = await ask(`/api/admin/export.csv${query(filter)}`)
      if (!response.ok || !response.body) return print(response)
      const reader = response.body.getReader()
      for (let read = await reader.read(); !read.done; read = await reader.read()) process.stdout.write(read.value)
      return
    }
    case 'forget': {
      if (!id) throw new Error('Usage: pnpm leads forget <e-mail>')
      const response = await ask('/api/admin/forget', 'POST', { email: id })
      if (!response.ok) return print(response)
      const { erased } = (await response.json()) as { erased: Record<string, number> }
      console.log(
        `Erased ${erased.leads} lead(s), ${erased.consents} consent record(s), ${erased.deliveries} outbox ` +
          `entr${erased.deliveries === 1 ? 'y' : 'ies'} (${erased.deadLetters} dead-lettered) and ` +
          `${erased.attempts} delivery attempt(s). The server keeps no exports: CSVs it streamed are wherever ` +
          'they were saved.',
      )
      return
    }
    default:
      console.error(
        'Usage: pnpm leads health | list | show <id> | replay <id> | replay --state dead|misconfigured|quarantined' +
          ' | export [--form F] [--state S] [--from ISO] [--to ISO] [--search TEXT] | forget <e-mail>',
      )
      process.exitCode = 2
  }
})
