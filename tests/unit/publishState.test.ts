import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  type PublishState,
  previousDir,
  readPublishState,
  recoverInterruptedPublish,
  stagingDir,
  switchPublishedSite,
  writePublishState,
} from '../../apps/web/publish/publishState'

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
}
const publishedText = () => readFileSync(join(outDir, 'index.html'), 'utf8')
const publishedPolicy = () => readPublishState(buildDir).routes['/about']?.policy
const pendingState = () => join(buildDir, 'publisher', 'state.next.json')

beforeEach(() => {
  const root = mkdtempSync(join(tmpdir(), 'publish-state-'))
  buildDir = join(root, 'build')
  outDir = join(root, 'dist')
  site(outDir, 'old site')
  writePublishState(buildDir, stateFor('old policy'))
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

  it('a full build ends what an interrupted publish left', () => {
    writeFileSync(pendingState(), JSON.stringify(stateFor('stale policy')))
    rmSync(stagingDir(outDir), { recursive: true })
    writePublishState(buildDir, stateFor('full build policy'))
    recoverInterruptedPublish(buildDir, outDir)
    expect(publishedPolicy()).toBe('full build policy')
  })
})
