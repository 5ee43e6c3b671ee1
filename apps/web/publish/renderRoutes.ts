import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { serverBuildCopyDir } from './publishState.ts'

/** A route's prerendered files, as React Router's prerender writes them (before the site is published). */
export interface RenderedRoute {
  path: string
  html: string
  /** The route's data file, for client navigations: `/x/y.data`, or `/_root.data` for `/`. */
  data: string
}

/**
 * Prerenders routes with the server bundle of the last full build (kept by vite/keepServerBuild.ts), the
 * way React Router's prerender does: the route's data first, then its HTML with that data, so both are
 * what a full build would write. The bundle reads the current content through the same client and queries.
 * Loading the bundle is separate from rendering, so that it can start while the change is still being read.
 */
export async function loadRouteRenderer(buildDir: string): Promise<(paths: string[]) => Promise<RenderedRoute[]>> {
  const dir = serverBuildCopyDir(buildDir)
  const entry = readdirSync(dir).find((file) => /^index\.m?js$/.test(file))
  if (!entry) throw new Error(`${dir} has no server bundle: run a full \`pnpm build\` first`)
  const bundle = join(dir, entry)
  // Each full build copies a new bundle: a publisher that stays loaded (publish/worker.ts) imports it anew.
  const { mtimeMs, size } = statSync(bundle)
  const build = (await import(`${pathToFileURL(bundle).href}?build=${mtimeMs}-${size}`)) as ServerBuild
  return async (paths) => {
    // React Router honours the prerender headers only in a build request, and renders only listed paths.
    process.env.IS_RR_BUILD_REQUEST = 'yes'
    const handler = createRequestHandler({ ...build, prerender: paths }, 'production')
    const rendered: RenderedRoute[] = []
    for (const path of paths) {
      const dataPath = path === '/' ? '/_root.data' : `${path}.data`
      const data = await expectOk(await handler(new Request(`http://localhost${dataPath}`)), path)
      const htmlPath = path === '/' ? '/' : `${path}/`
      const html = await expectOk(
        await handler(
          new Request(`http://localhost${htmlPath}`, { headers: { 'X-React-Router-Prerender-Data': encodeURI(data) } }),
        ),
        path,
      )
      rendered.push({ path, html, data })
    }
    return rendered
  }
}

async function expectOk(response: Response, path: string): Promise<string> {
  const body = await response.text()
  if (response.status !== 200 && response.status !== 202)
    throw new Error(`Prerendering ${path} answered ${response.status}:\n${body.slice(0, 2000)}`)
  return body
}
