import { execFileSync } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './serverProcess'

/**
 * A throw-away PostgreSQL server on a free loopback port, from Debian's binaries (scripts/ensure-postgres.sh
 * installs them). PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startPostgres(): Promise<{ url: string; pid: number; stop: () => void }> {
  const version = readdirSync('/usr/lib/postgresql').sort().at(-1)
  if (!version) throw new Error('No PostgreSQL server: run scripts/ensure-postgres.sh')
  const bin = (name: string) => join('/usr/lib/postgresql', version, 'bin', name)
  const dir = mkdtempSync(join(tmpdir(), 'lead-postgres-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) chownSync(dir, uid('postgres'), gid('postgres'))
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: 'pipe',
    })
  const port = await freePort()
  run(bin('initdb'), ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`
  run(bin('pg_ctl'), ['-D', join(dir, 'data'), '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The postmaster, which forks a backend per connection. */
    pid: Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: () => {
      run(bin('pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A new, empty database on the server at `serverUrl`: each test gets its own. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `leads_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** VACUUM ANALYZE on the database at `url`: what autovacuum does in its own time after rows come and go. */
export async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('VACUUM ANALYZE')
  } finally {
    await client.end()
  }
}

function uid(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim())
}

function gid(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim())
}
