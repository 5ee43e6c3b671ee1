import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { ExperimentPlan } from '../app/content/experiments.server'
import type { CspSources } from '../vite/contentSecurityPolicy.ts'

/** What the publisher knows of one published route. */
export interface PublishedRoute {
  /** The page or resource document at this address. */
  document: string
  /** The documents it references and shows (testimonials, FAQs, rows, embeds, resources), sorted. */
  shows: string[]
  /** Its Content-Security-Policy header, as in `_headers`. */
  policy: string
  /** The image variants its HTML names (`assets/images/<name>`), sorted; absent in a state from before them. */
  images?: string[]
}

/** A variant's prerendered page (publish/experimentVariants.ts). */
export type VariantPage = Pick<PublishedRoute, 'policy' | 'images'>

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
  /**
   * The experiments the build split pages for, and each variant page's policy and images by its route
   * (`/__experiments/<id>/<key>`); absent in a state from before them.
   */
  experiments?: { plans: ExperimentPlan[]; pages: Record<string, VariantPage> }
  /** After a publish: the site it replaced, which the next publish reuses (publish/stagedSite.ts). */
  spare?: SpareSite
}

/** The replaced site beside the live one, and the files in which the two differ. */
export interface SpareSite {
  liveInode: number
  spareInode: number
  /** Paths relative to the site: the files the publish wrote or removed. */
  changed: string[]
}

/** Where the publisher keeps its state and a copy of the prerender's server bundle: `<build>/publisher`. */
export function publisherDir(buildDir: string): string {
  return join(buildDir, 'publisher')
}

export function serverBuildCopyDir(buildDir: string): string {
  return join(publisherDir(buildDir), 'server')
}

const stateFile = (buildDir: string) => join(publisherDir(buildDir), 'state.json')
/** The state of a site being switched in: written before the switch, renamed over state.json after it. */
const pendingStateFile = (buildDir: string) => join(publisherDir(buildDir), 'state.next.json')

/** Where the next site is assembled, beside the published one. */
export const stagingDir = (outDir: string) => `${outDir}.next`
/** Where the replaced site is kept, for the next publish to reuse. */
export const previousDir = (outDir: string) => `${outDir}.previous`

export function readPublishState(buildDir: string): PublishState {
  const file = stateFile(buildDir)
  if (!existsSync(file)) throw new Error(`${file} is missing: run a full \`pnpm build\` first`)
  return JSON.parse(readFileSync(file, 'utf8')) as PublishState
}

/** The replaced and staged sites of earlier publishes, which describe another build. */
function discardPublishLeftovers(outDir: string): void {
  rmSync(previousDir(outDir), { recursive: true, force: true })
  rmSync(stagingDir(outDir), { recursive: true, force: true })
}

/**
 * Puts a full build's site live as a publish does: `assemble` writes the whole new site into the staging
 * folder and returns its state, then the two switch. The live site is served whole until then (a full
 * build's copy, policies and images take seconds), and a build that fails leaves it as it was.
 */
export async function publishFullBuild(
  buildDir: string,
  outDir: string,
  assemble: (siteDir: string) => Promise<PublishState>,
): Promise<void> {
  recoverInterruptedPublish(buildDir, outDir)
  discardPublishLeftovers(outDir)
  let state: PublishState
  try {
    state = await assemble(stagingDir(outDir))
  } catch (error) {
    rmSync(stagingDir(outDir), { recursive: true, force: true })
    throw error
  }
  switchPublishedSite(buildDir, outDir, state)
  // The site it replaced is no spare for the next publish: every file may differ.
  rmSync(previousDir(outDir), { recursive: true, force: true })
}

/**
 * Puts the staged site in place of the published one together with the state that describes it, in steps
 * a crash cannot split: the new state is written aside, the two sites swap by renaming, then the state is
 * renamed into place. Whatever step a crash stops at, recoverInterruptedPublish settles it on the next run.
 */
export function switchPublishedSite(buildDir: string, outDir: string, state: PublishState): void {
  writeStateFile(pendingStateFile(buildDir), state)
  rmSync(previousDir(outDir), { recursive: true, force: true })
  // The first full build has no site to replace.
  if (existsSync(outDir)) renameSync(outDir, previousDir(outDir))
  renameSync(stagingDir(outDir), outDir)
  renameSync(pendingStateFile(buildDir), stateFile(buildDir))
}

/**
 * Settles a publish that stopped inside switchPublishedSite: a site renamed aside and not replaced comes
 * back; a pending state is kept when its site went live (the staged site is gone) and dropped otherwise.
 */
export function recoverInterruptedPublish(buildDir: string, outDir: string): void {
  if (!existsSync(outDir) && existsSync(previousDir(outDir))) renameSync(previousDir(outDir), outDir)
  const pending = pendingStateFile(buildDir)
  if (!existsSync(pending)) return
  if (existsSync(stagingDir(outDir))) rmSync(pending)
  else renameSync(pending, stateFile(buildDir))
}

function writeStateFile(file: string, state: PublishState): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(`${file}.tmp`, JSON.stringify(state))
  renameSync(`${file}.tmp`, file)
}
