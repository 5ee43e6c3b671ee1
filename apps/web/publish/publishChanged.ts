import { spawn } from 'node:child_process'
import { existsSync, linkSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { getContentClient } from '../app/content/client.server'
import { loadSiteManifest } from '../app/content/paths.server'
import { ROUTE_DOCUMENTS_QUERY } from '../app/content/queries'
import { siteUrl } from '../app/content/siteUrl.server'
import { cspSourcesFromConfig, headersFile, securePage } from '../vite/contentSecurityPolicy.ts'
import { loadScriptsAfterFirstPaint } from '../vite/loadScriptsAfterFirstPaint.ts'
import { redirectsFile, sitemapXml } from '../vite/publishStaticSite.ts'
import {
  type PublishState,
  previousDir,
  readPublishState,
  recoverInterruptedPublish,
  stagingDir,
  switchPublishedSite,
} from './publishState.ts'
import { renderRoutes, routeFiles } from './renderRoutes.ts'
import { routeDocumentsAfter, routesToPublish } from './routeDependencies.ts'

export type PublishResult =
  | {
      kind: 'published'
      documents: string[]
      rendered: string[]
      removed: string[]
      sitemapChanged: boolean
      /** From reading the change to the new site in place. */
      durationMs: number
      /** The old site, renamed aside: the caller deletes it once the report is out. */
      previousSite: string
    }
  /** A change that touches every page in a way the publisher does not redo page by page. */
  | { kind: 'full-build-needed'; reason: string }

/**
 * Publishes a content change without a full build: prerenders only the routes that show one of the
 * changed documents (publish/routeDependencies.ts), removes the routes that are gone, and updates their
 * policies in `_headers`, the redirects and, when the set of routes changed, the sitemap. Every other file keeps its
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

  const client = await getContentClient()
  // The server bundle reads the content through the same embedded API instead of loading the dataset again.
  if (!process.env.SANITY_PROJECT_ID) process.env.CONTENT_API_ORIGIN ??= client.config().apiHost
  const [manifest, changedDocuments] = await Promise.all([
    loadSiteManifest(),
    client.fetch(ROUTE_DOCUMENTS_QUERY, { ids: documents }),
  ])
  const frame = cspSourcesFromConfig({}, manifest.embedUrls).frame
  if (frame.join(' ') !== state.csp.frame.join(' '))
    return {
      kind: 'full-build-needed',
      reason: "the embedded documents' origins changed, and with them every page's policy",
    }

  const after = routeDocumentsAfter(manifest.routes, state.routes, changedDocuments)
  const { render, remove } = routesToPublish(documents, state.routes, after)
  const staging = stagingDir(outDir)
  rmSync(staging, { recursive: true, force: true })
  const [rendered] = await Promise.all([renderRoutes(buildDir, render), copyAsHardLinks(outDir, staging)])
  const routes: PublishState['routes'] = {}
  for (const [path, { document, shows }] of Object.entries(after)) {
    const published = state.routes[path]
    if (published) routes[path] = { document, shows, policy: published.policy }
  }
  for (const path of remove) {
    const files = routeFiles(path)
    rmSync(join(staging, files.html), { force: true })
    rmSync(join(staging, files.data), { force: true })
    removeEmptyFolders(staging, dirname(join(staging, files.html)))
  }
  for (const { path, html, data } of rendered) {
    const files = routeFiles(path)
    const secured = securePage(loadScriptsAfterFirstPaint(html, files.html), state.csp)
    replaceFile(join(staging, files.html), secured.html)
    replaceFile(join(staging, files.data), data)
    const { document, shows } = after[path]!
    routes[path] = { document, shows, policy: secured.policy }
  }
  const policies = new Map(Object.entries(routes).map(([path, { policy }]) => [path, policy]))
  replaceFile(join(staging, '_headers'), headersFile(state.siteWideHeaders, policies))
  // Redirects are few and cheap to write: rewritten on every publish, whichever document changed.
  replaceFile(join(staging, '_redirects'), redirectsFile(manifest.redirects))
  const sitemapChanged = remove.length > 0 || render.some((path) => !(path in state.routes))
  if (sitemapChanged && state.indexable)
    replaceFile(join(staging, 'sitemap.xml'), sitemapXml(manifest.routePaths, state.siteUrl))

  switchPublishedSite(buildDir, outDir, { ...state, routes })
  const durationMs = performance.now() - started
  return {
    kind: 'published',
    documents,
    rendered: render,
    removed: remove,
    sitemapChanged,
    durationMs,
    previousSite: previousDir(outDir),
  }
}

/**
 * A copy of `from` whose files are hard links, so the old site's files are never written to: with
 * `cp -al` (GNU coreutils), about three times faster than Node's calls one by one, which remain the
 * fallback elsewhere.
 */
function copyAsHardLinks(from: string, to: string): Promise<void> {
  return new Promise((resolve) => {
    const cp = spawn('cp', ['-al', from, to], { stdio: 'ignore' })
    const fallback = () => {
      rmSync(to, { recursive: true, force: true })
      linkTree(from, to)
      resolve()
    }
    cp.once('error', fallback)
    cp.once('exit', (code) => (code === 0 ? resolve() : fallback()))
  })
}

function linkTree(from: string, to: string): void {
  mkdirSync(to)
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name))
    else linkSync(join(from, entry.name), join(to, entry.name))
  }
}

/** Writes a new file rather than into the existing one, which is shared with the live site. */
function replaceFile(file: string, contents: string): void {
  mkdirSync(dirname(file), { recursive: true })
  rmSync(file, { force: true })
  writeFileSync(file, contents)
}

function removeEmptyFolders(root: string, folder: string): void {
  for (let current = folder; current !== root && existsSync(current); current = dirname(current)) {
    if (readdirSync(current).length > 0) return
    rmdirSync(current)
  }
}
