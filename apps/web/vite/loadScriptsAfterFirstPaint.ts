/**
 * Rewrites React Router's prerendered bootstrap so that a page's JavaScript is fetched only once the
 * browser has painted the prerendered HTML.
 *
 * The HTML already carries the whole page. Loaded straight away, the scripts compete with it for the
 * phone's bandwidth and hydration holds the first paint until React has finished; on a slow phone that
 * doubled the time to the largest paint (bench/results.md). Links work before hydration as plain links.
 */

import { isLibraryChunk, LIBRARY_CHUNKS } from './firstLoadChunks.ts'

/** How long to wait for a first paint that may never come (a tab opened in the background has no frames). */
const FIRST_PAINT_TIMEOUT_MS = 1000
/** Margin after the first painted frame, so that the paint is presented before any script is requested. */
const AFTER_FIRST_FRAME_MS = 100

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/
const MANIFEST_IMPORT = /^import "([^"]+)";$/
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = (\{[^\n]*\});$/
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/

export function loadScriptsAfterFirstPaint(html: string, file: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!)
  const bootstrap = BOOTSTRAP.exec(html)
  if (!bootstrap) throw new Error(`${file}: React Router's bootstrap script was not found`)
  const statements = bootstrap[1]!
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const manifest = theOne(statements, MANIFEST_IMPORT, file)
  const routes = statements.flatMap((line) => {
    const route = ROUTE_IMPORT.exec(line)
    return route ? [{ name: route[1]!, href: route[2]! }] : []
  })
  const routeModules = theOne(statements, ROUTE_MODULES, file)
  const entry = theOne(statements, ENTRY_IMPORT, file)
  if (statements.length !== routes.length + 3)
    throw new Error(`${file}: unexpected statements in React Router's bootstrap`)
  // Evaluated one per task before the app's modules, which would otherwise evaluate them all in one long task.
  const libraries = LIBRARY_CHUNKS.flatMap((chunk) => preloads.filter((href) => isLibraryChunk(href, chunk.name)))

  const script = [
    `const preload=${JSON.stringify(preloads)};`,
    'const load=async()=>{',
    "for(const href of preload){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}",
    `for(const href of ${JSON.stringify(libraries)}){await import(href);await new Promise((resume)=>setTimeout(resume))}`,
    `await import(${JSON.stringify(manifest)});`,
    `const [${routes.map((route) => route.name).join(',')}]=await Promise.all([${routes.map((route) => `import(${JSON.stringify(route.href)})`).join(',')}]);`,
    `window.__reactRouterRouteModules=${routeModules};`,
    `await import(${JSON.stringify(entry)})};`,
    'let started=false;const start=()=>{if(!started){started=true;load()}};',
    // Whichever comes first: the browser reports the first contentful paint, or the first frame has been
    // painted (the second frame begins) and 100 ms have passed. Headless Chromium reports paints only
    // when a later frame is drawn, and its timestamps lag the painting by a frame or so.
    "if(PerformanceObserver.supportedEntryTypes?.includes('paint')){new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length>0)start()}).observe({type:'paint',buffered:true})}",
    `requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start,${AFTER_FIRST_FRAME_MS})));`,
    `setTimeout(start,${FIRST_PAINT_TIMEOUT_MS});`,
  ].join('')
  return html.replace(MODULE_PRELOAD, '').replace(BOOTSTRAP, () => `<script type="module">${script}</script>`)
}

/** The captured text of the one statement that matches `pattern`; anything else means the format changed. */
function theOne(statements: string[], pattern: RegExp, file: string): string {
  const matches = statements.flatMap((line) => {
    const found = pattern.exec(line)
    return found ? [found[1]!] : []
  })
  if (matches.length !== 1)
    throw new Error(`${file}: expected one ${pattern} in React Router's bootstrap, found ${matches.length}`)
  return matches[0]!
}
