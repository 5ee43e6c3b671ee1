import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatabase, startPostgres } from './support/postgres'
import { freePort, postContactLead, startServerProcess, tinySite } from './support/serverProcess'
import { newStore } from './support/stores'

// No 201 before the lead is on disk, seen from outside the process: under strace, each request's read from
// its socket and its answer's write are timed, and a flush of the store's log (the SQLite WAL, or the
// PostgreSQL server's pg_wal) must complete between them. scripts/ensure-strace.sh installs strace.

const LEADS = 20
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  // Every cleanup runs, even after one fails: a PostgreSQL server left running outlives the test.
  const failures: unknown[] = []
  for (const cleanup of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => failures.push(error))
  if (failures.length > 0) throw failures[0]
})

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lead-durability-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

interface Exchange {
  key: string
  readAt: number
  answeredAt: number
  status: string
}

/** Each lead's request as the server read it from its socket, and the answer it wrote back on that socket. */
function exchangesIn(trace: string, keys: string[]): Exchange[] {
  const lines = trace.split('\n')
  return keys.map((key) => {
    const read = lines.findIndex(
      (line) => / read\(\d+<socket:/.test(line) && line.includes(`idempotency-key: ${key}\\r`),
    )
    const fd = lines[read]?.match(/ read\((\d+)<socket:/)?.[1]
    const answer = lines.findIndex(
      (line, index) => index > read && new RegExp(` writev?\\(${fd}<socket:.*HTTP/1\\.1 (\\d{3})`).test(line),
    )
    if (read < 0 || answer < 0) throw new Error(`No read and answer for ${key} in the trace`)
    return {
      key,
      readAt: timeOf(lines[read] ?? ''),
      answeredAt: timeOf(lines[answer] ?? ''),
      status: lines[answer]?.match(/HTTP\/1\.1 (\d{3})/)?.[1] ?? '',
    }
  })
}

/** When each flush (fsync, fdatasync) of a file whose path contains `path` returned 0. */
function flushesIn(trace: string, path: string): number[] {
  const pending = new Map<string, string>() // pid → the file of its unfinished flush
  const done: number[] = []
  for (const line of trace.split('\n')) {
    const pid = line.match(/^\d+/)?.[0] ?? ''
    const call = line.match(/ f(?:data)?sync\(\d+<([^>]*)>\)\s+= 0$/)
    if (call?.[1]?.includes(path)) done.push(timeOf(line))
    const started = line.match(/ f(?:data)?sync\(\d+<([^>]*)> <unfinished/)
    if (started?.[1]) pending.set(pid, started[1])
    if (/<\.\.\. f(?:data)?sync resumed>\)\s+= 0$/.test(line) && pending.get(pid)?.includes(path))
      done.push(timeOf(line))
  }
  return done
}

/** strace -f -ttt lines: `<pid> <seconds.micros> <call>`, the pid padded with spaces. */
const timeOf = (line: string) => Number(line.match(/^\d+\s+(\d+\.\d+) /)?.[1])

function strace(args: string[]): { child: ChildProcess; attached: Promise<void> } {
  const child = spawn('strace', args, { stdio: ['ignore', 'ignore', 'pipe'] })
  const attached = new Promise<void>((resolve) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('attached')) resolve()
    })
  })
  return { child, attached }
}

async function sendLeads(origin: string, prefix: string): Promise<string[]> {
  const keys = Array.from({ length: LEADS }, (_, index) => `${prefix}-${index}`)
  for (const key of keys) expect(await postContactLead(origin, key, `${key}@example.com`)).toBe(201)
  return keys
}

/** The server's reads, writes and flushes, with the file or socket each descriptor is (-y), to the microsecond. */
const SERVER_TRACE = (file: string) => [
  '-f',
  '-ttt',
  '-y',
  '-s',
  '512',
  '-e',
  'trace=read,write,writev,fsync,fdatasync',
  '-o',
  file,
]

describe('an acknowledged lead is on disk', () => {
  it('on the embedded store: the SQLite WAL is flushed between each request and its 201', async () => {
    const dir = scratch()
    const store = await newStore('embedded')
    cleanups.push(store.remove)
    const site = tinySite()
    const server = await startServerProcess({
      site,
      port: await freePort(),
      env: store.env,
      under: ['strace', ...SERVER_TRACE(join(dir, 'server.trace'))],
    })
    cleanups.push(() => server.kill('SIGTERM'))
    const keys = await sendLeads(server.origin, 'durable-embedded')
    await server.kill('SIGTERM')

    const trace = readFileSync(join(dir, 'server.trace'), 'utf8')
    const flushes = flushesIn(trace, 'leads.sqlite-wal')
    const exchanges = exchangesIn(trace, keys)
    expect(exchanges.map((exchange) => exchange.status)).toEqual(keys.map(() => '201'))
    const unflushed = exchanges.filter(
      (exchange) => !flushes.some((at) => at > exchange.readAt && at < exchange.answeredAt),
    )
    expect(unflushed.map((exchange) => exchange.key)).toEqual([])
  })

  it('on PostgreSQL: a backend flushes pg_wal between each request and its 201', async () => {
    const dir = scratch()
    const postgres = await startPostgres()
    cleanups.push(postgres.stop)
    const databaseUrl = await createDatabase(postgres.url)
    // Following the postmaster (-f) follows the backends it forks for the lead server's connections.
    const backends = strace([
      '-f',
      '-ttt',
      '-y',
      '-e',
      'trace=fsync,fdatasync',
      '-o',
      join(dir, 'postgres.trace'),
      '-p',
      String(postgres.pid),
    ])
    cleanups.push(() => void backends.child.kill('SIGINT'))
    await backends.attached
    const server = await startServerProcess({
      site: tinySite(),
      port: await freePort(),
      env: { DATABASE_URL: databaseUrl },
      under: ['strace', ...SERVER_TRACE(join(dir, 'server.trace'))],
    })
    cleanups.push(() => server.kill('SIGTERM'))
    const keys = await sendLeads(server.origin, 'durable-postgres')
    await server.kill('SIGTERM')
    const stopped = new Promise((resolve) => backends.child.once('exit', resolve))
    backends.child.kill('SIGINT')
    await stopped

    const exchanges = exchangesIn(readFileSync(join(dir, 'server.trace'), 'utf8'), keys)
    const flushes = flushesIn(readFileSync(join(dir, 'postgres.trace'), 'utf8'), '/pg_wal/')
    expect(exchanges.map((exchange) => exchange.status)).toEqual(keys.map(() => '201'))
    const unflushed = exchanges.filter(
      (exchange) => !flushes.some((at) => at > exchange.readAt && at < exchange.answeredAt),
    )
    expect(unflushed.map((exchange) => exchange.key)).toEqual([])
  })
})
