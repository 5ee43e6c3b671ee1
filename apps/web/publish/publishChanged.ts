import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { variantRoute } from '@site/leads/experiments'
import { getContentClient } from '../app/content/client.server'
import { EXPERIMENT_PASS_VARIABLE, type ExperimentPlan, experimentPlans } from '../app/content/experiments.server'
import { loadSiteManifest } from '../app/content/paths.server'
import { ROUTE_DOCUMENTS_QUERY } from '../app/content/queries'
import { siteUrl } from '../app/content/siteUrl.server'
import { cspSourcesFromConfig, headersFile, securePage } from '../vite/contentSecurityPolicy.ts'
import { loadScriptsAfterFirstPaint } from '../vite/loadScriptsAfterFirstPaint.ts'
import { copyEmbeddedImages } from './embeddedImages.ts'
import { copyImageVariants, variantPath, variantsNamedIn } from './imageVariants.ts'
import type { PublishResult } from './publishReport.ts'
import {
  type PublishState,
  readPublishState,
  recoverInterruptedPublish,
  stagingDir,
  switchPublishedSite,
  type VariantPage,
} from './publishState.ts'
import { loadRouteRenderer, type RenderedRoute } from './renderRoutes.ts'
import { routeDocumentsAfter, routesToPublish } from './routeDependencies.ts'
import { routeFiles } from './routeFiles.ts'
import { removeFile, replaceFile, spareAfterSwitch, stageSite } from './stagedSite.ts'
import { goneAfterPublish, redirectsFile, sitemapXml } from './staticSite.ts'

/**
 * Publishes a content change without a full build: prerenders only the routes that show one of the
 * changed documents (publish/routeDependencies.ts) with the variant pages of their experiments, removes the
 * routes that are gone, and updates their policies in `_headers`, the redirects and, when the set of routes changed, the sitemap. Every other file keeps its
 * bytes, and the result is what a full build of the same content writes (checked by `npm test`).
 *
 * The new site is assembled beside the old one (unchanged files hard-linked, changed ones written anew)
 * and put in its place by renaming, so a visitor gets the old site or the new one, never half of each.
 */
export async function publishChanged({
  documentIds,
  buildDir,
  outDir,
}: {
  documentIds: string[]
  /** React Router's build directory of the last full build (`apps/web/build`, or SITE_BUILD_DIR). */
  buildDir: string
  /** The published site (`apps/web/dist`, or SITE_OUT_DIR). */
  outDir: string
}): Promise<PublishResult> {
  const started = performance.now()
  const documents = [...new Set(documentIds.map((id) => id.replace(/^drafts\./, '')))].sort()
  recoverInterruptedPublish(buildDir, outDir)
  const state = readPublishState(buildDir)
  if (siteUrl() !== state.siteUrl)
    throw new Error(
      `SITE_URL is ${siteUrl()}, but the site was built for ${state.siteUrl}: publish with the same configuration`,
    )

  // Linked in the background, one call per file, when there is no spare (publish/stagedSite.ts).
  const staging = stageSite(outDir, state.spare)
  try {
    const plan = await planPublish(documents, state, buildDir)
    if (plan.kind === 'full-build-needed') {
      await discardStaging()
      return plan
    }
    const { manifest, after, render, remove, plans } = plan
    const [{ rendered, variants }, staged] = await Promise.all([plan.renderRoutes(), staging])
    const site = stagingDir(outDir)
    const changed: string[] = []
    const write = (file: string, contents: string) => {
      replaceFile(site, file, contents)
      changed.push(file)
    }
    const routes: PublishState['routes'] = {}
    for (const [path, { document, shows }] of Object.entries(after)) {
      const published = state.routes[path]
      if (published) routes[path] = { document, shows, policy: published.policy, images: published.images }
    }
    for (const path of remove) {
      const files = routeFiles(path)
      for (const file of [files.html, files.data]) {
        removeFile(site, file)
        changed.push(file)
      }
    }
    for (const { path, html, data } of rendered) {
      const files = routeFiles(path)
      const secured = securePage(loadScriptsAfterFirstPaint(html, files.html), state.csp)
      write(files.html, secured.html)
      write(files.data, data)
      const { document, shows } = after[path]!
      routes[path] = { document, shows, policy: secured.policy, images: variantsNamedIn(html) }
    }
    const variantPages: Record<string, VariantPage> = { ...state.experiments?.pages }
    for (const { route, html, data } of variants) {
      const files = routeFiles(route)
      const secured = securePage(loadScriptsAfterFirstPaint(html, files.html), state.csp)
      write(files.html, secured.html)
      write(files.data, data)
      variantPages[route] = { policy: secured.policy, images: variantsNamedIn(html) }
    }
    const policies = new Map(
      [...Object.entries(routes), ...Object.entries(variantPages)].map(([path, { policy }]) => [path, policy]),
    )
    write('_headers', headersFile(state.siteWideHeaders, policies))
    // Redirects are few and cheap to write: rewritten on every publish, whichever document changed.
    const liveRedirects = join(outDir, '_redirects')
    const gone = goneAfterPublish(
      existsSync(liveRedirects) ? readFileSync(liveRedirects, 'utf8') : '',
      remove,
      Object.keys(routes),
    )
    write('_redirects', redirectsFile(manifest.redirects, gone))
    changed.push(...copyEmbeddedImages(site))
    changed.push(
      ...copyImageVariants(
        site,
        [...rendered, ...variants].map(({ html }) => html),
      ),
    )
    // Variants no page names any more go, as a full build would not write them.
    const named = (...all: Record<string, VariantPage>[]) =>
      new Set(all.flatMap((pages) => Object.values(pages).flatMap(({ images }) => images ?? [])))
    const stillNamed = named(routes, variantPages)
    for (const name of named(state.routes, state.experiments?.pages ?? {})) {
      if (stillNamed.has(name)) continue
      removeFile(site, variantPath(name))
      changed.push(variantPath(name))
    }
    const sitemapChanged = remove.length > 0 || render.some((path) => !(path in state.routes))
    if (sitemapChanged && state.indexable) write('sitemap.xml', sitemapXml(manifest.routePaths, state.siteUrl))

    switchPublishedSite(buildDir, outDir, {
      ...state,
      routes,
      experiments: { plans, pages: variantPages },
      spare: spareAfterSwitch(outDir, changed),
    })
    return {
      kind: 'published',
      documents,
      rendered: render,
      removed: remove,
      sitemapChanged,
      durationMs: performance.now() - started,
      staged,
    }
  } catch (error) {
    await discardStaging()
    throw error
  }

  async function discardStaging() {
    await staging.catch(() => undefined)
    rmSync(stagingDir(outDir), { recursive: true, force: true })
  }
}

/** Reads the change, works out the routes it touches, and loads the renderer meanwhile. */
async function planPublish(documents: string[], state: PublishState, buildDir: string) {
  const client = await getContentClient()
  // The server bundle reads the content through the same embedded API instead of loading the dataset again.
  if (!process.env.SANITY_PROJECT_ID) process.env.CONTENT_API_ORIGIN ??= client.config().apiHost
  const [manifest, changedDocuments, renderer, plans] = await Promise.all([
    loadSiteManifest(),
    client.fetch(ROUTE_DOCUMENTS_QUERY, { ids: documents }),
    loadRouteRenderer(buildDir),
    experimentPlans(),
  ])
  const frame = cspSourcesFromConfig({}, manifest.embedUrls).frame
  if (frame.join(' ') !== state.csp.frame.join(' '))
    return {
      kind: 'full-build-needed' as const,
      reason: "the embedded documents' origins changed, and with them every page's policy",
    }
  const built = state.experiments?.plans ?? []
  if (JSON.stringify(plans) !== JSON.stringify(built) || built.some(({ id }) => documents.includes(id)))
    return {
      kind: 'full-build-needed' as const,
      reason: 'an experiment started, ended or changed: its variant pages and the split come from a full build',
    }
  const after = routeDocumentsAfter(manifest.routes, state.routes, changedDocuments)
  const { render, remove } = routesToPublish(documents, state.routes, after)
  const renderRoutes = async () => ({
    rendered: await renderer(render),
    variants: await renderVariants(renderer, plans, render),
  })
  return { kind: 'plan' as const, manifest, after, render, remove, plans, renderRoutes }
}

/**
 * The variant pages of the experiments on the routes rendered again, each rendered as the full build's
 * experiment pass for its rank renders it (publish/experimentVariants.ts), at its variant route.
 */
async function renderVariants(
  renderer: (paths: string[]) => Promise<RenderedRoute[]>,
  plans: ExperimentPlan[],
  render: string[],
): Promise<Array<{ route: string; html: string; data: string }>> {
  const pages: Array<{ route: string; html: string; data: string }> = []
  for (const plan of plans.filter(({ path }) => render.includes(path))) {
    const others = plan.variants.filter(({ control }) => !control)
    for (const [index, { key }] of others.entries()) {
      process.env[EXPERIMENT_PASS_VARIABLE] = String(index + 1)
      try {
        const [page] = await renderer([plan.path])
        pages.push({ route: variantRoute(plan.id, key), html: page!.html, data: page!.data })
      } finally {
        delete process.env[EXPERIMENT_PASS_VARIABLE]
      }
    }
  }
  return pages
}
