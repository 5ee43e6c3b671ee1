import { isLive, type SectionLike, sectionsForVariant } from '@site/schemas/experiments'
import { isPreviewBuild } from '../preview/previewConfig.server'
import { getContentClient } from './client.server'
import { PAGE_EXPERIMENTS_QUERY, RUNNING_EXPERIMENTS_QUERY } from './queries'
import type { PAGE_EXPERIMENTS_QUERY_RESULT } from './sanity.types'

/**
 * Which variant a render shows (docs/experiments.md):
 * - the build renders the control; its experiment pass `n` (SITE_EXPERIMENT_PASS, set by the build itself)
 *   renders every running experiment's n-th other variant, which `pnpm serve` then picks per page view;
 * - the dev server shows the control, or the variant a marketer asks for with `?variant=<key>` (never counted);
 *   with `&experiment=<id>` too, that experiment's variant whatever its status: a draft is looked at before it
 *   runs (the Studio's Presentation tool links each variant so).
 */
export type VariantRequest = { pass: number } | { key: string; experiment?: string } | 'control'

/** What the page tells the recorder: the experiment and variant it shows, and whether that view counts. */
export interface ShownExperiment {
  id: string
  variant: string
  counted: boolean
}

export const EXPERIMENT_PASS_VARIABLE = 'SITE_EXPERIMENT_PASS'

/** The experiment pass this build is (1 for every experiment's first other variant, …), or 0 for the site. */
export function experimentPass(env = process.env): number {
  const pass = Number(env[EXPERIMENT_PASS_VARIABLE] ?? 0)
  return Number.isInteger(pass) && pass > 0 ? pass : 0
}

/** The pages an experiment pass renders: those whose experiment has a `pass`-th variant besides the control. */
export function passPaths(plans: ExperimentPlan[], pass: number): string[] {
  return plans
    .filter((plan) => plan.variants.filter((variant) => !variant.control).length >= pass)
    .map(({ path }) => path)
}

/** The key of a plan's variant that experiment pass `pass` renders. */
export function passVariant(plan: ExperimentPlan, pass: number): string | undefined {
  return plan.variants.filter((variant) => !variant.control)[pass - 1]?.key
}

export function variantRequest(request: Request, isDevServer: boolean, env = process.env): VariantRequest {
  const pass = experimentPass(env)
  if (pass) return { pass }
  const params = isDevServer ? new URL(request.url).searchParams : undefined
  const key = params?.get('variant')
  const experiment = params?.get('experiment')
  if (!key) return 'control'
  return experiment ? { key, experiment } : { key }
}

type PageExperiment = PAGE_EXPERIMENTS_QUERY_RESULT[number]
type Variant = PageExperiment['variants'][number]

function chosenVariant(experiment: PageExperiment, request: VariantRequest): Variant | undefined {
  const control = experiment.variants.find((variant) => variant.control)
  if (request === 'control') return control
  if ('key' in request) return experiment.variants.find((variant) => variant.key === request.key) ?? control
  return experiment.variants.filter((variant) => !variant.control)[request.pass - 1]
}

/**
 * The page's sections as the requested variant shows them, and the experiment the page reports; the page
 * unchanged when no experiment runs on it (or, in a pass, when its experiment has no variant that far).
 */
export async function withExperiment<P extends { _id: string; sections?: SectionLike[] | null }>(
  page: P,
  request: VariantRequest,
  now = new Date(),
): Promise<{ page: P; experiment?: ShownExperiment; inPass: boolean }> {
  const client = await getContentClient()
  const asked = typeof request === 'object' && 'experiment' in request ? request.experiment : undefined
  const experiments = await client.fetch(PAGE_EXPERIMENTS_QUERY, { pageId: page._id, asked: asked ?? '' })
  // The one asked for by id, whatever its status; else one experiment a page at a time: the first running one
  // (by id), the others waiting for it to end.
  const experiment = asked
    ? experiments.find(({ _id }) => _id === asked)
    : experiments.find((candidate) => isLive(candidate, now))
  const variant = experiment && chosenVariant(experiment, request)
  if (!experiment || !variant) return { page, inPass: false }
  return {
    page: { ...page, sections: sectionsForVariant(page.sections ?? [], experiment.sectionKey, variant) },
    experiment: {
      id: experiment._id,
      variant: variant.key,
      counted: !(typeof request === 'object' && 'key' in request),
    },
    inPass: typeof request === 'object' && 'pass' in request,
  }
}

/** A running experiment as the build publishes it for the server (dist/_experiments.json). */
export interface ExperimentPlan {
  id: string
  path: string
  endsAt?: string
  variants: { key: string; weight: number; control: boolean }[]
}

/** The experiments live at build time, one per page (the first by id), with their variants in order. */
export async function experimentPlans(now = new Date()): Promise<ExperimentPlan[]> {
  // A preview build shows editors the control, never a split: a variant is looked at on the preview's dev server.
  if (isPreviewBuild()) return []
  const client = await getContentClient()
  const plans = new Map<string, ExperimentPlan>()
  for (const experiment of await client.fetch(RUNNING_EXPERIMENTS_QUERY)) {
    // The query reads running experiments only; their start and end decide the rest.
    if (!experiment.path || !isLive({ ...experiment, status: 'running' }, now) || plans.has(experiment.path)) continue
    plans.set(experiment.path, {
      id: experiment._id,
      path: experiment.path,
      ...(experiment.endsAt ? { endsAt: experiment.endsAt } : {}),
      variants: experiment.variants.map(({ key, weight, control }) => ({ key, weight, control: control === true })),
    })
  }
  return [...plans.values()]
}
