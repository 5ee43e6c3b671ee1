import { describe, expect, it } from 'vitest'
import { loadScriptsAfterFirstPaint } from '../../../apps/web/vite/loadScriptsAfterFirstPaint'

// The shape React Router 7's <Scripts/> prerenders (see dist/*.html).
const prerendered = [
  '<head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
    '<link rel="modulepreload" href="/assets/lib-styles-7.js"/><link rel="modulepreload" href="/assets/lib-router-6.js"/>' +
    '<link rel="modulepreload" href="/assets/lib-react-5.js"/></head>',
  '<body><script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-3.js";',
  'import * as route1 from "/assets/contentRoute-4.js";',
  '  ',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/contentRoute":route1};',
  '',
  'import("/assets/entry.client-2.js");</script></body>',
].join('\n')

describe('loading the scripts after the first paint', () => {
  const html = loadScriptsAfterFirstPaint(prerendered, 'index.html')

  it('drops the up-front module preloads and re-adds them from the deferred loader', () => {
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).toContain(
      'const preload=["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/lib-styles-7.js","/assets/lib-router-6.js","/assets/lib-react-5.js"]',
    )
  })

  it("keeps React Router's order: libraries one per task, then manifest, route modules registered, then the entry", () => {
    const script = /<script type="module">(.*)<\/script>/s.exec(html)![1]!
    expect(script).toContain(
      'for(const href of ["/assets/lib-react-5.js","/assets/lib-router-6.js","/assets/lib-styles-7.js"]){await import(href);await new Promise((resume)=>setTimeout(resume))}',
    )
    const order = [
      '["/assets/lib-react-5.js"',
      'import("/assets/manifest-1.js")',
      'import("/assets/root-3.js")',
      'import("/assets/contentRoute-4.js")',
      'window.__reactRouterRouteModules={"root":route0,"routes/contentRoute":route1}',
      'import("/assets/entry.client-2.js")',
    ]
    const positions = order.map((statement) => script.indexOf(statement))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(script).toContain("observe({type:'paint',buffered:true})")
    expect(script).toContain(
      'requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start,100)));setTimeout(start,1000);',
    )
  })

  it('fails the build, naming the file, when React Router changes its bootstrap', () => {
    expect(() => loadScriptsAfterFirstPaint('<body></body>', 'about/index.html')).toThrow(
      "about/index.html: React Router's bootstrap script was not found",
    )
    const extraStatement = prerendered.replace('import("/assets/entry', 'window.x = 1;\nimport("/assets/entry')
    expect(() => loadScriptsAfterFirstPaint(extraStatement, 'index.html')).toThrow('index.html: unexpected statements')
  })
})
