import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CspSources } from '../vite/contentSecurityPolicy.ts'

/** What the publisher knows of one published route. */
export interface PublishedRoute {
  /** The page or resource document at this address. */
  document: string
  /** The documents it references and shows (testimonials, FAQs, rows, embeds, resources), sorted. */
  shows: string[]
  /** Its Content-Security-Policy header, as in `_headers`. */
  policy: string
}

/**
 * What a full build published, kept beside React Router's build (never in the published site) so that
 * `publish:changed` can update the site without a full build: the build's configuration, and per route
 * the documents it shows and its policy.
 */
export interface PublishState {
  siteUrl: string
  indexable: boolean
  csp: CspSources
  siteWideHeaders: string[]
  routes: Record<string, PublishedRoute>
}

/** Where the publisher keeps its state and a copy of the prerender's server bundle: `<build>/publisher`. */
export function publisherDir(buildDir: string): string {
  return join(buildDir, 'publisher')
}

export function serverBuildCopyDir(buildDir: string): string {
  return join(publisherDir(buildDir), 'server')
}

const stateFile = (buildDir: string) => join(publisherDir(buildDir), 'state.json')

export function readPublishState(buildDir: string): PublishState {
  const file = stateFile(buildDir)
  if (!existsSync(file)) throw new Error(`${file} is missing: run a full \`pnpm build\` first`)
  return JSON.parse(readFileSync(file, 'utf8')) as PublishState
}

export function writePublishState(buildDir: string, state: PublishState): void {
  const file = stateFile(buildDir)
  mkdirSync(publisherDir(buildDir), { recursive: true })
  writeFileSync(`${file}.tmp`, JSON.stringify(state))
  renameSync(`${file}.tmp`, file)
}
