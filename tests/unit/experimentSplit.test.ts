import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXPERIMENTS_MANIFEST_FILE, type ExperimentsManifest, variantRoute } from '@site/leads/experiments'
import { http, passthrough } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { startStaticServer } from '../../apps/server/src/static/staticServer'
import { server as msw } from './support/mswServer'

const ID = 'experiment.home-hero'
let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

/** A built site with a split home page: the control at /, variant b at its variant route. */
async function splitSite(endsAt?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'experiment-split-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><h1>Control</h1>')
  writeFileSync(join(dir, '404.html'), '<!doctype html><h1>Not found</h1>')
  mkdirSync(join(dir, variantRoute(ID, 'b')), { recursive: true })
  writeFileSync(join(dir, variantRoute(ID, 'b'), 'index.html'), '<!doctype html><h1>Variant B</h1>')
  const manifest: ExperimentsManifest = {
    experiments: [
      {
        id: ID,
        path: '/',
        ...(endsAt ? { endsAt } : {}),
        variants: [
          { key: 'a', weight: 50, control: true, route: '/' },
          { key: 'b', weight: 50, control: false, route: variantRoute(ID, 'b') },
        ],
      },
    ],
  }
  writeFileSync(join(dir, EXPERIMENTS_MANIFEST_FILE), JSON.stringify(manifest))
  const server = await startStaticServer({ dir })
  msw.use(http.all(`${server.origin}/*`, () => passthrough()))
  cleanup = async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return server.origin
}

describe("pnpm serve's split of an experiment page", () => {
  it('answers both variants at one address, never with a validator or a cacheable header, whatever the request says', async () => {
    const origin = await splitSite()
    const seen = new Set<string>()
    for (let request = 0; request < 60 && seen.size < 2; request += 1) {
      const response = await fetch(`${origin}/`, {
        headers: { 'if-none-match': '*', 'if-modified-since': new Date().toUTCString() },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('etag')).toBeNull()
      expect(response.headers.get('last-modified')).toBeNull()
      seen.add(await response.text())
    }
    expect([...seen].sort()).toStrictEqual(['<!doctype html><h1>Control</h1>', '<!doctype html><h1>Variant B</h1>'])
    expect((await fetch(`${origin}${variantRoute(ID, 'b')}`)).status).toBe(404)
    expect((await fetch(`${origin}/${EXPERIMENTS_MANIFEST_FILE}`)).status).toBe(404)
  })

  it('answers the control only once the experiment has ended', async () => {
    const origin = await splitSite('2020-01-01T00:00:00Z')
    for (let request = 0; request < 20; request += 1) {
      expect(await (await fetch(`${origin}/`)).text()).toBe('<!doctype html><h1>Control</h1>')
    }
  })
})
