import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { initialScripts } from '../../bench/src/bundles.ts'
import { DIRECT, PREVIEW, PRODUCTION, requireBuild } from './support/builtSite'

/** The visit recorder's own chunk may weigh this much (kB of gzip, 1,000 bytes): issue 36. */
const RECORDER_BUDGET_KB = 5
const ENDPOINT = '/api/insights/events'

const scriptsMentioning = (dir: string, text: string) =>
  readdirSync(join(dir, 'assets'))
    .filter((name) => name.endsWith('.js') && readFileSync(join(dir, 'assets', name), 'utf8').includes(text))
    .map((name) => `/assets/${name}`)

describe('the insights recorder', () => {
  it(`is a chunk of its own, outside the home page's first load, of at most ${RECORDER_BUDGET_KB} kB gzip`, () => {
    requireBuild(PRODUCTION, 'pnpm build')
    const chunks = scriptsMentioning(PRODUCTION, ENDPOINT)
    expect(chunks).toEqual([expect.stringMatching(/^\/assets\/recorder-[\w-]+\.js$/)])
    const [chunk = ''] = chunks
    const first = initialScripts(PRODUCTION, 'index.html').map(({ path }) => path)
    expect(first).not.toContain(chunk)
    expect(first.filter((path) => /\/(track|recorder)-/.test(path))).toEqual([])
    const kb = gzipSync(readFileSync(join(PRODUCTION, chunk))).length / 1000
    expect(kb, `${chunk} ${kb.toFixed(2)} kB`).toBeLessThanOrEqual(RECORDER_BUDGET_KB)
  })

  it('is not in a direct build (VITE_LEAD_DELIVERY=direct) or a preview build: they send nothing', () => {
    for (const dir of [DIRECT, PREVIEW]) {
      if (!existsSync(join(dir, 'index.html'))) continue
      expect(scriptsMentioning(dir, ENDPOINT), dir).toEqual([])
      expect(scriptsMentioning(dir, 'globalPrivacyControl'), dir).toEqual([])
    }
  })
})
