import { expect, it } from 'vitest'
import { HOME_JS_BUDGET_KB, initialScripts } from '../../bench/src/bundles.ts'
import { PRODUCTION, requireBuild } from './support/builtSite'

it(`the home page loads at most ${HOME_JS_BUDGET_KB} kB of JavaScript (gzip) before it is interactive`, () => {
  requireBuild(PRODUCTION, 'pnpm build')
  const scripts = initialScripts(PRODUCTION, 'index.html')
  expect(scripts.map(({ path }) => path)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/assets\/entry\.client-/),
      expect.stringMatching(/^\/assets\/lib-react-/),
    ]),
  )
  const totalKb = scripts.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) / 1000
  const sizes = scripts.map(({ path, gzipBytes }) => `${path} ${(gzipBytes / 1000).toFixed(1)} kB`).join(', ')
  expect(totalKb, sizes).toBeLessThanOrEqual(HOME_JS_BUDGET_KB)
})
