import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

export const ADMIN_TOKEN = 'lead-fault-tests-admin-token'

/** A built site of one page: what the production server needs to start; these tests only post leads. */
export function tinySite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lead-site-'))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Site</title>')
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title>')
  return dir
}

export interface ServerProcess {
  origin: string
  child: ChildProcess
  /** Everything it wrote to standard error: its JSON log lines. */
  log: () => string
  kill: (signal: NodeJS.Signals) => Promise<void>
}

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * One of the server's entries (`node apps/server/run.mjs <entry> <args>`) run to its exit, as an operator runs it,
 * with only PATH and `env` set; killed after 30 s, a bound for one that hangs.
 */
export function runEntry(entry: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const child = spawn(process.execPath, ['apps/server/run.mjs', entry, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    }),
  )
}

/**
 * `pnpm leads <args>`: in UTC (so the times it prints compare with the API's ISO strings), with the admin token;
 * `env` adds or overrides.
 */
export function runLeadsCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runEntry('leads', args, { TZ: 'UTC', LEADS_ADMIN_TOKEN: ADMIN_TOKEN, ...env })
}

/** `pnpm serve` as its own process (`node apps/server/run.mjs serve`), on `port`, until it says it is serving. */
export async function startServerProcess(options: {
  site: string
  port: number
  env: Record<string, string>
  /** A command the server runs under (`strace` and its options), in a process group of its own. */
  under?: string[]
}): Promise<ServerProcess> {
  const serve = ['apps/server/run.mjs', 'serve', '--dir', options.site, '--port', String(options.port)]
  const [command, ...args] = options.under
    ? [...options.under, process.execPath, ...serve]
    : [process.execPath, ...serve]
  const child = spawn(command as string, args, {
    cwd: repoRoot,
    // A machine client's settings: these tests post raw JSON, often from one address.
    env: {
      PATH: process.env.PATH,
      LEADS_ADMIN_TOKEN: ADMIN_TOKEN,
      LEAD_SPAM_PROTECTION: 'off',
      LEAD_DUPLICATE_WINDOW: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: Boolean(options.under),
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    let stdout = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('Serving')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before serving:\n${stderr}`)))
  })
  return {
    origin: `http://127.0.0.1:${options.port}`,
    child,
    log: () => stderr,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      // Under strace, the server is the signalled one: strace then writes out the last calls it traced and
      // exits with it. Signalled together, strace could stop before its trace held the last answer (CI once
      // missed the 20th lead's write). A server that has not started under it yet is signalled with its group.
      const traced = options.under && child.pid ? tracedChildren(child.pid) : []
      if (traced.length > 0) for (const pid of traced) process.kill(pid, signal)
      else if (options.under && child.pid) process.kill(-child.pid, signal)
      else child.kill(signal)
      await exited
    },
  }
}

/** The processes a command such as strace has started (Linux: /proc/<pid>/task/<pid>/children). */
function tracedChildren(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Posts a contact lead as the site's browser does; the status, or `unanswered` when no answer came. */
export async function postContactLead(origin: string, key: string, email: string): Promise<number | 'unanswered'> {
  try {
    const response = await fetch(`${origin}/api/leads/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, origin },
      body: JSON.stringify({
        payload: {
          name: 'Burst Visitor',
          email,
          phone: '',
          company: '',
          interest: 'all',
          message: '',
          timestamp: new Date().toISOString(),
          source: 'advisorgrowth-website',
        },
        honeypot: '',
      }),
      signal: AbortSignal.timeout(15_000),
    })
    await response.body?.cancel()
    return response.status
  } catch {
    return 'unanswered'
  }
}

/**
 * As the site's forms do: a send left unanswered (postContactLead's 15 s, on a loaded machine) is sent again with
 * its idempotency key, up to twice. The last answer: 201 stored now, or 200 when an earlier send had stored it.
 */
export async function postContactLeadAsTheForm(origin: string, key: string, email: string) {
  let status = await postContactLead(origin, key, email)
  for (let again = 0; again < 2 && status === 'unanswered'; again += 1)
    status = await postContactLead(origin, key, email)
  return status
}

/** The operator's API of a running server. */
export async function admin<T>(origin: string, path: string, method: 'GET' | 'POST' = 'GET'): Promise<T> {
  const response = await fetch(`${origin}${path}`, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  return (await response.json()) as T
}

/** Runs `work` over `items` with at most `concurrency` at once (the burst's concurrent clients). */
export async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++] as T
        await work(item)
      }
    }),
  )
}
