import type { Config } from '@react-router/dev/config'
import { listPrerenderPaths, listRoutePaths } from './app/content/paths.server'
import { siteUrl } from './app/content/siteUrl.server'
import { publishStaticSite } from './vite/publishStaticSite.ts'

export default {
  ssr: false,
  // Static hosting: ship the whole route manifest instead of asking a server for it.
  routeDiscovery: { mode: 'initial' },
  prerender: listPrerenderPaths,
  buildEnd: async ({ viteConfig }) =>
    publishStaticSite({ projectRoot: viteConfig.root, routePaths: await listRoutePaths(), siteUrl: siteUrl() }),
} satisfies Config
