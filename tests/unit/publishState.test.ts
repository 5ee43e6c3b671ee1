import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { http, passthrough } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type StaticServer, startStaticServer } from '../../apps/server/src/static/staticServer'
import {
  type PublishState,
  previousDir,
  publishFullBuild,
  readPublishState,
  recoverInterruptedPublish,
  stagingDir,
  switchPublishedSite,
} from '../../apps/web/publish/publishState'
import { server as msw } from './support/mswServer'

const stateFor = (policy: string): PublishState => ({
  siteUrl: 'https://example.com',
  indexable: true,
  csp: { connect: [], frame: [], frameAncestors: [] },
  siteWideHeaders: [],
  routes: { '/about': { document: 'page.about', shows: [], policy } },
})

let buildDir: string
let outDir: string
const site = (dir: string, text: string) => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), text)
  writeFileSync(join(dir, '404.html'), `not found in the ${text}`)
}
const publishedText = () => readFileSync(join(outDir, 'index.html'), 'utf8')
const publishedPolicy = () => readPublishState(buildDir).routes['/about']?.policy
const pendingState = () => join(buildDir, 'publisher', 'state.next.json')

beforeEach(async () => {
  const root = mkdtempSync(join(tmpdir(), 'publish-state-'))
  buildDir = join(root, 'build')
  outDir = join(root, 'dist')
  await publishFullBuild(buildDir, outDir, async (siteDir) => {
    site(siteDir, 'old site')
    return stateFor('old policy')
  })
  site(stagingDir(outDir), 'new site')
})

describe('switching the published site and its state', () => {
  it('puts the new site and its state in place together, keeping the old site aside', () => {
    switchPublishedSite(buildDir, outDir, stateFor('new policy'))
    expect(publishedText()).toBe('new site')
    expect(publishedPolicy()).toBe('new policy')
    expect(readFileSync(join(previousDir(outDir), 'index.html'), 'utf8')).toBe('old site')
    expect(existsSync(pendingState())).toBe(false)
  })

  it('after a crash before the sites swapped: the old site with its old state', () => {
    writeFileSync(pendingState(), JSON.stringify(stateFor('new policy')))
    recoverInterruptedPublish(buildDir, outDir)
    expect(publishedText()).toBe('old site')
    expect(publishedPolicy()).toBe('old policy')
    expect(existsSync(pendingState())).toBe(false)
  })

  it('after a crash between the two renames: the old site is back, with its old state', () => {
    writeFileSync(pendingState(), JSON.stringify(stateFor('new policy')))
    renameSync(outDir, previousDir(outDir))
    recoverInterruptedPublish(buildDir, outDir)
    expect(publishedText()).toBe('old site')
    expect(publishedPolicy()).toBe('old policy')
  })

  it('after a crash once the new site was live: its state is the one kept', () => {
    writeFileSync(pendingState(), JSON.stringify(stateFor('new policy')))
    renameSync(outDir, previousDir(outDir))
    renameSync(stagingDir(outDir), outDir)
    recoverInterruptedPublish(buildDir, outDir)
    expect(publishedText()).toBe('new site')
    expect(publishedPolicy()).toBe('new policy')
    expect(existsSync(pendingState())).toBe(false)
  })

  it('a full build ends what an interrupted publish left', async () => {
    writeFileSync(pendingState(), JSON.stringify(stateFor('stale policy')))
    renameSync(outDir, previousDir(outDir))
    await publishFullBuild(buildDir, outDir, async (siteDir) => {
      expect(publishedText()).toBe('old site')
      site(siteDir, 'full build site')
      return stateFor('full build policy')
    })
    recoverInterruptedPublish(buildDir, outDir)
    expect(publishedText()).toBe('full build site')
    expect(publishedPolicy()).toBe('full build policy')
    expect(existsSync(pendingState())).toBe(false)
  })
})

describe('a full build', () => {
  let server: StaticServer | undefined
  afterEach(() => server?.close())
  const servedHome = async () => (await fetch(`${server?.origin}/`)).text()

  it('keeps the live site served whole while it assembles the new one, then switches it in with its state', async () => {
    server = await startStaticServer({ dir: outDir })
    msw.use(http.get(`${server.origin}/*`, () => passthrough()))
    await publishFullBuild(buildDir, outDir, async (siteDir) => {
      site(siteDir, 'rebuilt site')
      expect(await servedHome()).toBe('old site')
      expect(publishedPolicy()).toBe('old policy')
      return stateFor('rebuilt policy')
    })
    expect(await servedHome()).toBe('rebuilt site')
    expect(publishedPolicy()).toBe('rebuilt policy')
    // Neither the replaced site nor the staged one is left beside it: the next publish links a fresh copy.
    expect([existsSync(previousDir(outDir)), existsSync(stagingDir(outDir))]).toStrictEqual([false, false])
  })

  it('that fails leaves the live site and its state as they were, and nothing staged', async () => {
    const failed = publishFullBuild(buildDir, outDir, async (siteDir) => {
      site(siteDir, 'half a site')
      throw new Error('the prerender failed')
    })
    await expect(failed).rejects.toThrow('the prerender failed')
    expect(publishedText()).toBe('old site')
    expect(publishedPolicy()).toBe('old policy')
    expect(existsSync(stagingDir(outDir))).toBe(false)
  })

  it('on a fresh checkout puts the first site in place', async () => {
    rmSync(join(outDir, '..'), { recursive: true })
    await publishFullBuild(buildDir, outDir, async (siteDir) => {
      site(siteDir, 'first site')
      return stateFor('first policy')
    })
    expect(publishedText()).toBe('first site')
    expect(publishedPolicy()).toBe('first policy')
  })
})
