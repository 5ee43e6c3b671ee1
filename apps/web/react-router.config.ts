import { join, resolve } from 'node:path'
import type { Config } from '@react-router/dev/config'
import { listPrerenderPaths, loadSiteManifest } from './app/content/paths.server'
import { siteUrl } from './app/content/siteUrl.server'
import { cspSourcesFromConfig } from './vite/contentSecurityPolicy.ts'
import { publishStaticSite } from './vite/publishStaticSite.ts'

// The benchmark's client-only variant (bench/README.md): the same app as a plain SPA, nothing prerendered.
const benchClientOnly = process.env.BENCH_CLIENT_ONLY === '1'

export default {
  ssr: false,
  // Static hosting: ship the whole route manifest instead of asking a server for it.
  routeDiscovery: { mode: 'initial' },
  buildDirectory: process.env.SITE_BUILD_DIR || 'build',
  prerender: benchClientOnly ? false : listPrerenderPaths,
  async buildEnd({ viteConfig, reactRouterConfig }) {
    if (benchClientOnly) return
    const { routePaths, embedUrls } = await loadSiteManifest()
    publishStaticSite({
      clientBuildDir: join(reactRouterConfig.buildDirectory, 'client'),
      outDir: resolve(viteConfig.root, process.env.SITE_OUT_DIR || 'dist'),
      routePaths,
      siteUrl: siteUrl(),
      csp: cspSourcesFromConfig(process.env, embedUrls),
      indexable: process.env.VITE_SANITY_PREVIEW !== 'true',
    })
  },
} satisfies Config
