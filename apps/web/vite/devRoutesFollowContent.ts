import { isRunnableDevEnvironment, type Plugin, type RunnableDevEnvironment } from 'vite'

type PathsModule = typeof import('../app/content/paths.server')

const SERVER_BUILD_ID = '\0virtual:react-router/server-build'

/**
 * With `ssr: false`, React Router's dev server answers only the prerender paths, and it lists them once,
 * when it generates its server build. A page or article published after `pnpm dev` (or `pnpm studio`)
 * started was a 404 there until a restart. Before each page or data request this lists the routes again
 * and, when the list changed, drops the generated server build so that React Router regenerates it with
 * the new list. Dev only: a build lists the routes once, as it should.
 */
export function devRoutesFollowContent(): Plugin {
  return {
    name: 'dev-routes-follow-content',
    apply: 'serve',
    configureServer(server) {
      let listed: string | undefined
      server.middlewares.use(async (request, _response, next) => {
        const ssr = server.environments.ssr
        if (request.method !== 'GET' || !isPageOrDataPath(request.url)) return next()
        if (!ssr || !isRunnableDevEnvironment(ssr)) return next()
        try {
          // Through the app's own module instance: the same content client and configuration as the pages.
          const { listPrerenderPaths } = await ssr.runner.import<PathsModule>('/app/content/paths.server.ts')
          const paths = JSON.stringify(await listPrerenderPaths())
          if (listed !== undefined && paths !== listed) dropServerBuild(ssr)
          listed = paths
        } catch {
          // A content error is React Router's to report on the page it renders; the old list stays.
        }
        next()
      })
    },
  }
}

/** A route's address or its data file; not Vite's own modules (`/@vite/client`, `/app/root.tsx`, …). */
function isPageOrDataPath(url = '/'): boolean {
  const pathname = url.split('?')[0] ?? '/'
  if (pathname.startsWith('/@')) return false
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return !lastSegment.includes('.') || lastSegment.endsWith('.data')
}

function dropServerBuild(ssr: RunnableDevEnvironment): void {
  const node = ssr.moduleGraph.getModuleById(SERVER_BUILD_ID)
  if (node) ssr.moduleGraph.invalidateModule(node)
  const evaluated = ssr.runner.evaluatedModules.getModuleById(SERVER_BUILD_ID)
  if (evaluated) ssr.runner.evaluatedModules.invalidateModule(evaluated)
}
