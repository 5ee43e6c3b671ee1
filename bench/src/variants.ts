import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildSite } from './buildSite.ts'

export type VariantName = 'prerendered' | 'client-only'

export interface BuiltVariant {
  name: VariantName
  /** The published site, served as is by apps/server/src/static/staticServer.ts. */
  siteDir: string
  buildMs: number
}

/** The site as production builds it: every route prerendered to HTML with its content. */
export async function buildPrerendered(siteUrl: string): Promise<BuiltVariant> {
  const build = await buildSite('prerendered', { SITE_URL: siteUrl })
  return { name: 'prerendered', siteDir: build.outDir, buildMs: build.durationMs }
}

/**
 * The same app as a plain SPA: React Router's SPA mode (ssr: false, nothing prerendered) with the
 * route module that fetches content in the browser from `contentApiOrigin` (bench/clientOnly).
 */
export async function buildClientOnly(contentApiOrigin: string, routePaths: string[]): Promise<BuiltVariant> {
  const build = await buildSite('client-only', {
    BENCH_CLIENT_ONLY: '1',
    VITE_BENCH_CONTENT_API_ORIGIN: contentApiOrigin,
  })
  publishSinglePageApp(build.clientBuildDir, build.outDir, routePaths)
  return { name: 'client-only', siteDir: build.outDir, buildMs: build.durationMs }
}

/**
 * An SPA host answers every path with the one HTML shell (a rewrite to /index.html, status 200). The
 * static server maps `/x/y` to `x/y/index.html`, so the shell is written there for every route.
 */
function publishSinglePageApp(clientBuildDir: string, outDir: string, routePaths: string[]): void {
  cpSync(clientBuildDir, outDir, { recursive: true })
  const shell = readFileSync(join(outDir, 'index.html'))
  for (const path of routePaths) {
    if (path === '/') continue
    mkdirSync(join(outDir, path), { recursive: true })
    writeFileSync(join(outDir, path, 'index.html'), shell)
  }
  writeFileSync(join(outDir, '404.html'), shell)
}
