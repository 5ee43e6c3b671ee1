import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  freePort,
  postContactLead,
  runEntry,
  type ServerProcess,
  startServerProcess,
  tinySite,
} from './support/serverProcess'
import { newStore } from './support/stores'

// The production server (`pnpm serve`) and the preview server (`pnpm preview:serve`) as their own processes,
// on a site folder that breaks the hosting contract: they refuse to start with one line, and a file that
// disappears while serving is answered, never fatal to the lead endpoint beside it.

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('a site folder without 404.html', () => {
  it.each([
    ['pnpm serve', 'serve'],
    ['pnpm preview:serve', 'previewServe'],
  ])('%s refuses to start, in one line', async (_name, entry) => {
    const site = tinySite()
    cleanups.push(() => rmSync(site, { recursive: true, force: true }))
    rmSync(join(site, '404.html'))
    const port = await freePort()
    const result = await runEntry(entry, ['--dir', site, '--port', String(port)])
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `${site} is not a built site: it has no 404.html (the hosting contract needs index.html and 404.html); run \`pnpm build\` first\n`,
    })
  })

  it('removed while pnpm serve runs: a missing page is answered 404 and the lead endpoint keeps storing', async () => {
    const site = tinySite()
    const store = await newStore('embedded')
    cleanups.push(store.remove, () => rmSync(site, { recursive: true, force: true }))
    const server: ServerProcess = await startServerProcess({ site, port: await freePort(), env: store.env })
    cleanups.push(() => (server.child.exitCode === null ? server.kill('SIGTERM') : undefined))
    rmSync(join(site, '404.html'))

    const missing = await fetch(`${server.origin}/no-such-page`)
    expect([missing.status, await missing.text()]).toEqual([404, 'Not found\n'])
    expect(await postContactLead(server.origin, 'after-missing-page', 'visitor@example.com')).toBe(201)
    expect(server.child.exitCode).toBeNull()
  })
})
