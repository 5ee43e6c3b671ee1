import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { Config } from '@react-router/dev/config'
import { experimentPass, experimentPlans } from './app/content/experiments.server'
import { listPrerenderPaths, loadSiteManifest } from './app/content/paths.server'
import { siteUrl } from './app/content/siteUrl.server'
import { copyEmbeddedImages } from './publish/embeddedImages.ts'
import { buildExperimentVariants } from './publish/experimentVariants.ts'
import { fullBuildState } from './publish/fullBuildState.ts'
import { copyImageVariants, readPages, variantsNamedIn } from './publish/imageVariants.ts'
import { publishFullBuild } from './publish/publishState.ts'
import { routeFiles } from './publish/routeFiles.ts'
import { publishStaticSite } from './publish/staticSite.ts'
import { cspSourcesFromConfig } from './vite/contentSecurityPolicy.ts'
import { htmlFiles } from './vite/htmlFiles.ts'

// The benchmark's client-only variant (bench/README.md): the same app as a plain SPA, nothing prerendered.
const benchClientOnly = process.env.BENCH_CLIENT_ONLY === '1'

export default {
  ssr: false,
  // Static hosting: ship the whole route manifest instead of asking a server for it.
  routeDiscovery: { mode: 'initial' },
  buildDirectory: process.env.SITE_BUILD_DIR || 'build',
  // React Router v8's behaviour where it changes nothing we publish (same pages, same assets); the other three
  // would change the hosting contract or the first load, so they stay off, said explicitly to silence the
  // warnings: data files at `/_.data` instead of `/_root.data` (trailing-slash-aware requests, which also
  // needs pass-through requests to prerender them), and the route's clientLoader split into a chunk of its
  // own, one more request before the first navigation.
  future: {
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
    v8_splitRouteModules: false,
  },
  prerender: benchClientOnly ? false : listPrerenderPaths,
  async buildEnd({ viteConfig, reactRouterConfig }) {
    // An experiment pass only renders variant pages, which the site's own build collects (experimentVariants.ts).
    if (benchClientOnly || experimentPass()) return
    const { routes, routePaths, embedUrls, redirects } = await loadSiteManifest()
    const site = {
      siteUrl: siteUrl(),
      csp: cspSourcesFromConfig(process.env, embedUrls),
      indexable: process.env.VITE_SANITY_PREVIEW !== 'true',
    }
    const outDir = resolve(viteConfig.root, process.env.SITE_OUT_DIR || 'dist')
    const clientBuildDir = join(reactRouterConfig.buildDirectory, 'client')
    const plans = await experimentPlans()
    buildExperimentVariants({
      root: viteConfig.root,
      buildDirectory: relative(viteConfig.root, reactRouterConfig.buildDirectory),
      clientBuildDir,
      plans,
    })
    // Assembled beside the live site and switched in whole, as a publish is: `pnpm serve` keeps serving the old one.
    await publishFullBuild(reactRouterConfig.buildDirectory, outDir, async (siteDir) => {
      const published = publishStaticSite({ clientBuildDir, outDir: siteDir, routePaths, redirects, ...site })
      copyEmbeddedImages(siteDir)
      copyImageVariants(siteDir, readPages(htmlFiles(siteDir)))
      const images = (path: string) => variantsNamedIn(readFileSync(join(siteDir, routeFiles(path).html), 'utf8'))
      return fullBuildState({ ...site, ...published, routes, images, plans })
    })
  },
} satisfies Config
