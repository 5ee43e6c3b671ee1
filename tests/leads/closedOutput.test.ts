import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import { startLeadReceiver } from './support/leadReceiver'
import {
  admin,
  freePort,
  postContactLead,
  type ServerProcess,
  startServerProcess,
  tinySite,
} from './support/serverProcess'
import { newStore } from './support/stores'

/**
 * `pnpm serve` whose log reader goes away (its stdout and stderr pipes closed, as when a log collector restarts or
 * the `tee` after it is stopped): it logs every lead it stores and delivers, and each of those writes now fails
 * with EPIPE. Node ends a process on a stream error nobody listens to; the server must lose its log lines only.
 */
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

it('a closed log pipe costs the log lines, not the server: later leads are stored and delivered', async () => {
  const store = await newStore('embedded')
  const receiver = await startLeadReceiver()
  const site = tinySite()
  cleanups.push(store.remove, receiver.close, () => rmSync(site, { recursive: true, force: true }))
  const server: ServerProcess = await startServerProcess({
    site,
    port: await freePort(),
    env: { ...store.env, LEAD_OUTBOX_POLL_MS: '50', CONTACT_WEBHOOK_URL: receiver.url('/contact') },
  })
  cleanups.push(() => server.kill('SIGTERM'))
  const exited = new Promise((resolve) => server.child.once('exit', (code, signal) => resolve(signal ?? code)))

  server.child.stdout?.destroy()
  server.child.stderr?.destroy()
  // Each lead is logged when stored and again when delivered: two writes into the closed pipes.
  for (const [index, email] of ['first.closed@example.com', 'second.closed@example.com'].entries()) {
    expect(await postContactLead(server.origin, `closed-output-${index}`, email)).toBe(201)
    await expect.poll(() => receiver.received.length).toBe(index + 1)
  }
  const health = await admin<{ leads: { total: number } }>(server.origin, '/api/admin/health')
  expect(health.leads.total).toBe(2)
  expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('running'), 500))])).toBe(
    'running',
  )
})

/** How the shell of fixtures/relayingParent.ts ended, once the parent's own output pipes were closed under it. */
async function shellEndAfterClosedPipes(mode: 'relay' | 'inherit') {
  const dir = mkdtempSync(join(tmpdir(), 'closed-output-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const result = join(dir, 'result.json')
  const fixture = fileURLToPath(new URL('fixtures/relayingParent.ts', import.meta.url))
  const parent = spawn(process.execPath, ['--import', 'tsx', fixture, mode, result], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const parentExit = new Promise((resolve) => parent.once('exit', (code) => resolve(code)))
  await new Promise((started) => parent.stdout.once('data', started))
  parent.stdout.destroy()
  parent.stderr.destroy()
  return { parent: await parentExit, shell: JSON.parse(readFileSync(result, 'utf8')) }
}

it('the publisher and the deploy command write through the endpoint, so a closed pipe stops neither', async () => {
  // Given the closed pipe directly, the shell dies of SIGPIPE at its next line: the publish would fail.
  expect(await shellEndAfterClosedPipes('inherit')).toStrictEqual({
    parent: 0,
    shell: { code: null, signal: 'SIGPIPE' },
  })
  expect(await shellEndAfterClosedPipes('relay')).toStrictEqual({ parent: 0, shell: { code: 0, signal: null } })
})
