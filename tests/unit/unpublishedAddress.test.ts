import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { http, passthrough } from 'msw'
import { describe, expect, it } from 'vitest'
import { startStaticServer } from '../../apps/server/src/static/staticServer'
import { goneAfterPublish, redirectsFile } from '../../apps/web/publish/staticSite'
import { server as msw } from './support/mswServer'

// docs/decisions/0020: the address of a page that was published and then unpublished (by hand or by a
// release's scheduled unpublish) answers 410 Gone with the not-found page; one that never existed, 404.
describe("an unpublished page's address", () => {
  it('stays gone across publishes until the page is published again; a Studio redirect wins over it', () => {
    const first = redirectsFile([], goneAfterPublish('', ['/giveaway'], ['/', '/about']))
    expect(first.split('\n')).toContain('/giveaway /404.html 410')
    expect(first.split('\n')).toContain('/giveaway/ /404.html 410')
    // A later publish that removes nothing keeps it gone.
    const second = redirectsFile([], goneAfterPublish(first, [], ['/', '/about']))
    expect(second).toBe(first)
    // Published again: no longer gone.
    expect(goneAfterPublish(second, [], ['/', '/giveaway'])).toEqual([])
    // A redirect edited in the Studio for the same address is what its address answers.
    const redirected = redirectsFile([{ from: '/giveaway', to: '/resources', permanent: true }], ['/giveaway'])
    expect(redirected).toContain('/giveaway /resources 301')
    expect(redirected).not.toContain('410')
  })

  it('pnpm serve answers 410 Gone with the not-found page; an address that never was answers 404', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'gone-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>')
    writeFileSync(join(dist, '404.html'), '<!doctype html><title>Page not found</title>')
    writeFileSync(join(dist, '_redirects'), redirectsFile([], ['/giveaway']))
    const server = await startStaticServer({ dir: dist })
    msw.use(http.get(`${server.origin}/*`, () => passthrough()))
    try {
      const gone = await fetch(`${server.origin}/giveaway`, { redirect: 'manual' })
      expect(gone.status).toBe(410)
      expect(await gone.text()).toContain('<title>Page not found</title>')
      expect((await fetch(`${server.origin}/giveaway/`, { redirect: 'manual' })).status).toBe(410)
      expect((await fetch(`${server.origin}/never-was`, { redirect: 'manual' })).status).toBe(404)
    } finally {
      await server.close()
      rmSync(dist, { recursive: true, force: true })
    }
  })
})
