import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './support/serverProcess'
import { addressesOf, startSmtpSink } from './support/smtpSink'

// The quick start on a fresh clone: no build, no `.data`, no `.lake`. `pnpm studio` alone gives the Leads
// tool a lead server; `npm start`'s dev server next to it opens the same embedded store, so a lead sent
// through the dev site is in the list the tool reads. (Before SQLite the store was one process's, and
// `pnpm studio` exited with "apps/web/dist has no index.html: run pnpm build first".)
// Both read one configuration (issue 39, point 1): the clone's root `.env`, under the environment. Before, the
// Studio's lead server read no `.env`, so a lead released as "Not spam" in the Leads tool was never e-mailed.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const TOKEN = 'fresh-clone-admin-token'
const children: ChildProcess[] = []
let clone = ''

afterAll(async () => {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null)
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)))
  const signal = (name: NodeJS.Signals) => {
    for (const child of running) if (child.pid) process.kill(-child.pid, name)
  }
  signal('SIGTERM')
  // The Studio's dev server can take its time over SIGTERM: after 15 s, its whole process group is killed.
  const kill = setTimeout(() => signal('SIGKILL'), 15_000)
  await Promise.all(exited)
  clearTimeout(kill)
  if (clone) rmSync(join(clone, '..'), { recursive: true, force: true })
}, 240_000) // removing the clone's installed node_modules takes a while on a loaded machine

/** A clone of HEAD, its dependencies installed offline from the pnpm store this checkout's install filled. */
function freshClone(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'fresh-clone-')), 'site')
  execFileSync('git', ['clone', '--quiet', '--shared', repoRoot, dir])
  execFileSync('git', [
    '-C',
    dir,
    'checkout',
    '--quiet',
    execFileSync('git', ['-C', repoRoot, 'rev-parse', 'HEAD']).toString().trim(),
  ])
  // The pinned pnpm this checkout's scripts/pnpm.sh installed, rather than the registry again.
  if (existsSync(join(repoRoot, '.tools'))) symlinkSync(join(repoRoot, '.tools'), join(dir, '.tools'))
  execFileSync('bash', ['scripts/pnpm.sh', 'install', '--offline', '--frozen-lockfile'], { cwd: dir, stdio: 'ignore' })
  return dir
}

/** A pnpm script of the clone, in a process group of its own (pnpm starts children that must stop with it). */
function run(script: string[], env: Record<string, string>): { output: () => string } {
  const child = spawn('bash', ['scripts/pnpm.sh', ...script], {
    cwd: clone,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return { output: () => output }
}

async function answer(url: string, init?: RequestInit): Promise<{ status: number; body: string } | undefined> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })
    return { status: response.status, body: await response.text() }
  } catch {
    return undefined
  }
}

describe('pnpm studio on a fresh clone', () => {
  it('gives the Leads tool a lead server with no build, alone and next to npm start, on one shared store', async () => {
    clone = freshClone()
    expect(existsSync(join(clone, 'apps/web/dist'))).toBe(false)
    expect(existsSync(join(clone, '.data'))).toBe(false)
    const [studioPort, lakePort, leadsPort] = await Promise.all([freePort(), freePort(), freePort()])
    const leadsUrl = `http://127.0.0.1:${leadsPort}`
    const auth = { authorization: `Bearer ${TOKEN}` }
    const smtp = await startSmtpSink()
    // The environment wins over the file: the token the test passes is the one the servers take.
    writeFileSync(
      join(clone, '.env'),
      [
        `SMTP_URL=${smtp.url}`,
        'LEAD_EMAIL_FROM=Fresh Clone Leads <leads@fresh-clone.test>',
        'LEAD_NOTIFY_EMAIL=team@fresh-clone.test',
        'LEADS_ADMIN_TOKEN=the-file-token-loses',
        '',
      ].join('\n'),
    )

    const studio = run(['studio'], {
      STUDIO_PORT: String(studioPort),
      CONTENT_LAKE_PORT: String(lakePort),
      SANITY_STUDIO_LEADS_URL: leadsUrl,
      STUDIO_PREVIEW_SITE: 'off',
      LEADS_ADMIN_TOKEN: TOKEN,
    })
    await expect
      .poll(async () => (await answer(`${leadsUrl}/api/admin/health`, { headers: auth }))?.status, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(200)
    expect(studio.output()).not.toContain('run pnpm build first')
    expect(JSON.parse((await answer(`${leadsUrl}/api/admin/health`, { headers: auth }))?.body ?? '{}')).toMatchObject({
      store: 'embedded',
      leads: { total: 0, quarantined: 0 },
      sending: { mail: smtp.url, from: 'Fresh Clone Leads <leads@fresh-clone.test>', notifyEmails: 1, chat: [] },
    })
    // The Studio itself answers (the Leads tool is one of its tools).
    await expect
      .poll(async () => (await answer(`http://127.0.0.1:${studioPort}/`))?.status, {
        timeout: 180_000,
        interval: 1_000,
      })
      .toBe(200)

    // `npm start`'s dev server, next to it: its lead endpoint stores into the store the tool reads. On port 0 it
    // takes a free port itself and prints it: a port freed here and passed to it could be taken meanwhile by another
    // test's server (run 12's lead post got 403, which is what a Content Lake answers a foreign origin).
    const dev = run(['--filter', '@site/server', 'dev', '--host', '127.0.0.1', '--port', '0'], {
      LEADS_ADMIN_TOKEN: TOKEN,
    })
    const devPrinted = () => `The dev server printed:\n${dev.output().slice(-4000)}`
    const printedOrigin = () =>
      /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(stripVTControlCharacters(dev.output()))?.[1]
    // Its first page waits for Vite to pre-bundle the dependencies, beside the Studio's own dev server.
    await expect
      .poll(
        async () => {
          const origin = printedOrigin()
          return origin && (await answer(origin))?.status
        },
        { timeout: 300_000, interval: 1_000 },
      )
      .toBe(200)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n${devPrinted()}`)
      })
    const devOrigin = printedOrigin() ?? ''
    const posted = await answer(`${devOrigin}/api/leads/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'fresh-clone-lead', origin: devOrigin },
      body: JSON.stringify({
        payload: {
          name: 'Fresh Clone',
          email: 'fresh.clone@example.com',
          phone: '',
          company: 'Clone Advisors',
          interest: 'all',
          message: '',
          timestamp: new Date().toISOString(),
          source: 'advisorgrowth-website',
        },
        honeypot: '',
      }),
    })
    expect(posted?.status, `${posted?.body}\n${devPrinted()}`).toBe(201)
    const listed = await answer(`${leadsUrl}/api/admin/leads`, { headers: auth })
    const leads = (JSON.parse(listed?.body ?? '{}') as { leads: Array<{ id: string; email: string; state: string }> })
      .leads
    // A raw post sends no proof of work: held, as a bot's would be.
    expect(leads.map((lead) => [lead.email, lead.state])).toEqual([['fresh.clone@example.com', 'quarantined']])
    // "Not spam" in the Leads tool, through the Studio's lead server: it has the mail settings of the same `.env`,
    // so only the webhook (none is set) is missing, and the team's e-mail reaches the mail server the file names.
    const released = await answer(`${leadsUrl}/api/admin/leads/${leads[0]?.id}/release`, {
      method: 'POST',
      headers: auth,
    })
    expect(released?.status).toBe(202)
    expect(JSON.parse(released?.body ?? '{}')).toMatchObject({
      released: true,
      missing: ['no webhook is configured for the contact form on this lead server'],
    })
    await expect.poll(() => smtp.accepted.length, { timeout: 60_000, interval: 500 }).toBe(1)
    expect(addressesOf(smtp.accepted[0]?.parsed.to)).toEqual(['team@fresh-clone.test'])
    expect(smtp.accepted[0]?.parsed.subject).toBe('Contact: Fresh Clone · All Solutions')
    await smtp.close()
  }, 600_000)
})
