import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  type PublishState,
  publishFullBuild,
  readPublishState,
  stagingDir,
  switchPublishedSite,
} from '../../apps/web/publish/publishState'
import { removeFile, replaceFile, spareAfterSwitch, stageSite } from '../../apps/web/publish/stagedSite'

const state: PublishState = {
  siteUrl: 'https://example.com',
  indexable: true,
  csp: { connect: [], frame: [], frameAncestors: [] },
  siteWideHeaders: [],
  routes: {},
}

let buildDir: string
let outDir: string

/** Every file under a folder with its text and inode, by path. */
function snapshot(dir: string): Record<string, { text: string; inode: number }> {
  const files: Record<string, { text: string; inode: number }> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    files[relative(dir, file)] = { text: readFileSync(file, 'utf8'), inode: statSync(file).ino }
  }
  return files
}
const texts = (dir: string) => Object.fromEntries(Object.entries(snapshot(dir)).map(([file, { text }]) => [file, text]))

/** One publish as publishChanged makes it: stage, write and remove files, switch with the spare recorded. */
async function publish(changes: { write?: Record<string, string>; remove?: string[] }) {
  const staged = await stageSite(outDir, readPublishState(buildDir).spare)
  const staging = stagingDir(outDir)
  const changed: string[] = []
  for (const [file, text] of Object.entries(changes.write ?? {})) {
    replaceFile(staging, file, text)
    changed.push(file)
  }
  for (const file of changes.remove ?? []) {
    removeFile(staging, file)
    changed.push(file)
  }
  switchPublishedSite(buildDir, outDir, { ...state, spare: spareAfterSwitch(outDir, changed) })
  return staged
}

beforeEach(async () => {
  const root = mkdtempSync(join(tmpdir(), 'staged-site-'))
  buildDir = join(root, 'build')
  outDir = join(root, 'dist')
  await publishFullBuild(buildDir, outDir, async (siteDir) => {
    for (const [file, text] of Object.entries({
      'index.html': 'home v1',
      _headers: 'headers v1',
      'resources/a/index.html': 'a v1',
      'resources/a.data': 'a data v1',
      'resources/b/index.html': 'b v1',
    })) {
      mkdirSync(join(siteDir, file, '..'), { recursive: true })
      writeFileSync(join(siteDir, file), text)
    }
    return state
  })
})

describe('staging the next site', () => {
  it('links every file after a full build, then reuses the replaced site, re-linking only what changed', async () => {
    expect(await publish({ write: { 'resources/a/index.html': 'a v2', _headers: 'headers v2' } })).toBe('copy')
    const afterFirst = texts(outDir)
    expect(afterFirst['resources/a/index.html']).toBe('a v2')

    expect(await publish({ write: { 'resources/c/index.html': 'c v1' }, remove: ['resources/b/index.html'] })).toBe(
      'spare',
    )
    // The second publish started from the first one's site, not from the one it replaced.
    const { 'resources/b/index.html': _removed, ...kept } = afterFirst
    expect(texts(outDir)).toEqual({ ...kept, 'resources/c/index.html': 'c v1' })
    expect(readdirSync(join(outDir, 'resources')).sort()).toEqual(['a', 'a.data', 'c'])

    expect(await publish({ write: { 'index.html': 'home v2' }, remove: ['resources/c/index.html'] })).toBe('spare')
    expect(texts(outDir)).toEqual({
      'index.html': 'home v2',
      _headers: 'headers v2',
      'resources/a/index.html': 'a v2',
      'resources/a.data': 'a data v1',
    })
  })

  it("never writes into the live site's files: the staged site shares them until it replaces one", async () => {
    await publish({ write: { _headers: 'headers v2' } })
    const live = snapshot(outDir)
    await stageSite(outDir, readPublishState(buildDir).spare)
    const staged = snapshot(stagingDir(outDir))
    expect(staged).toEqual(live)
    replaceFile(stagingDir(outDir), 'index.html', 'home v2')
    expect(snapshot(outDir)).toEqual(live)
  })

  it('links every file again when the live site was replaced since (a full build)', async () => {
    await publish({ write: { _headers: 'headers v2' } })
    renameSync(outDir, `${outDir}-old`)
    mkdirSync(outDir)
    writeFileSync(join(outDir, 'index.html'), 'rebuilt')
    expect(await stageSite(outDir, readPublishState(buildDir).spare)).toBe('copy')
    expect(texts(stagingDir(outDir))).toEqual({ 'index.html': 'rebuilt' })
  })
})
