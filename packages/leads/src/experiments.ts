/**
 * What the site, its server and the Studio share about A/B experiments (docs/experiments.md): the build's
 * list of split pages (`dist/_experiments.json`), the address each variant's prerendered HTML has inside
 * the built site, and what a page view and a lead say about the variant they saw.
 */

/** The built site's file that lists the pages `pnpm serve` splits; never served. */
export const EXPERIMENTS_MANIFEST_FILE = '_experiments.json'

/** Where a variant's prerendered page is inside the built site (the control is the page itself). */
export const variantRoute = (experimentId: string, variantKey: string) => `/__experiments/${experimentId}/${variantKey}`

export const VARIANT_ROUTE_PREFIX = '/__experiments/'

/**
 * The address of a built route's React Router data (`/_root.data` for `/`): a client navigation to the
 * route fetches it, so a split page's data is split as its HTML is.
 */
export const routeDataAddress = (route: string) => (route === '/' ? '/_root.data' : `${route}.data`)

export interface ManifestVariant {
  key: string
  /** Percent of page views. */
  weight: number
  control: boolean
  /** The built page that shows this variant. */
  route: string
}

export interface ManifestExperiment {
  id: string
  /** The page's path. */
  path: string
  /** After this moment every page view gets the control. */
  endsAt?: string
  variants: ManifestVariant[]
}

export interface ExperimentsManifest {
  experiments: ManifestExperiment[]
}

/**
 * A variant a visitor saw: on the exposure event of each page view, and in a lead's attribution (checked by
 * `seenVariantSchema`, seenVariant.ts; this module has no zod, as the site's first load imports it).
 */
export interface SeenVariant {
  experiment: string
  variant: string
}

/** The variants a lead's visit saw, as one line: `experiment.home-hero=b; experiment.pricing=a`. */
export function seenVariantsText(seen: SeenVariant[] | undefined): string {
  return (seen ?? []).map(({ experiment, variant }) => `${experiment}=${variant}`).join('; ')
}

/** The experiments one lead's attribution names at most (each page of a visit shows one). */
export const MAX_SEEN_VARIANTS = 10

/** Picks a variant by weight; `random` is uniform in [0, 1). */
export function pickVariant<V extends { weight: number }>(variants: V[], random: number): V {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0)
  let point = random * total
  for (const variant of variants) {
    point -= variant.weight
    if (point < 0) return variant
  }
  return variants[variants.length - 1] as V
}

/** An interval of rates or of rate differences, as fractions (0.012 = 1.2 points). */
export interface RateInterval {
  low: number
  high: number
}

/** One variant's figures, as `GET /api/admin/insights/experiments` and `pnpm insights experiments --json` give them. */
export interface VariantFigures {
  key: string
  label: string
  /** Percent of page views. */
  weight: number
  /** Only on the control. */
  control?: true
  /** Counted page views that showed this variant. */
  exposures: number
  /** Stored leads of the goal's form(s) whose visit was shown this variant. */
  leads: number
  /** Leads per exposure; null without exposures. */
  conversionRate: number | null
  /** Always-valid interval of the rate (docs/decisions/0021). */
  rateInterval: RateInterval | null
  /** Against the control, in rate points (variant − control); absent on the control. */
  difference?: number | null
  differenceInterval?: RateInterval | null
  /** Whether the difference's interval excludes 0 (a winner or a loser). */
  significant?: boolean
}

export interface ExperimentFigures {
  id: string
  title: string
  /** The page's path. */
  page: string
  status: string
  goal: string
  startsAt: string
  endsAt: string | null
  promotedVariant: string | null
  variants: VariantFigures[]
  /** The observed split against the weights. */
  sampleRatio: { mismatch: boolean; pValue: number }
  /** The result in words. */
  decision: string
}
