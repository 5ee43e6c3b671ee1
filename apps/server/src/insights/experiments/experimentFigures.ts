import type { ExperimentFigures, SeenVariant, VariantFigures } from '@site/leads/experiments'
import type { ContentQuery } from '../../contentQuery.ts'
import type { LeadDb } from '../../leads/db/database.ts'
import {
  type Arm,
  differenceInterval,
  isSignificant,
  rateInterval,
  sampleRatioMismatch,
  viewsToResolve,
} from './statistics.ts'

/** An experiment as the Studio stores it, with its page's path (packages/schemas/src/documents/experiment.ts). */
export interface ExperimentDefinition {
  _id: string
  title: string
  path: string | null
  status: string
  goal: string
  startsAt: string
  endsAt: string | null
  promotedVariant: string | null
  variants: { key: string; label: string; weight: number; control: boolean | null }[]
}

const DEFINITIONS_QUERY = `*[_type == "experiment" && status != "draft"] | order(startsAt desc){
  _id, title, "path": page->path.current, status, goal, startsAt, "endsAt": coalesce(endsAt, null),
  "promotedVariant": coalesce(promotedVariant, null), variants[]{ key, label, weight, "control": coalesce(control, false) }
}`

export function loadExperimentDefinitions(query: ContentQuery): Promise<ExperimentDefinition[]> {
  return query<ExperimentDefinition[]>(DEFINITIONS_QUERY, {})
}

/** A stored lead as the experiment figures count it: its form, when it came, the variants its visit saw. */
export interface ExperimentLead {
  form: string
  receivedAt: Date
  seen: SeenVariant[]
}

/** The leads whose attribution names an experiment variant (not quarantined), from the lead store's tables. */
export async function experimentLeads(db: LeadDb): Promise<ExperimentLead[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['form', 'attribution', 'received_at'])
    .where('quarantine_reason', 'is', null)
    .where('attribution', 'is not', null)
    .execute()
  return rows.flatMap((row) => {
    const seen = seenVariants(row.attribution)
    return seen.length > 0 ? [{ form: row.form, receivedAt: new Date(row.received_at), seen }] : []
  })
}

function seenVariants(attribution: unknown): SeenVariant[] {
  let parsed = attribution
  if (typeof attribution === 'string') {
    try {
      parsed = JSON.parse(attribution)
    } catch {
      return []
    }
  }
  const experiments = (parsed as { experiments?: unknown } | null)?.experiments
  return Array.isArray(experiments) ? (experiments as SeenVariant[]) : []
}

const points = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}`

/**
 * One experiment's figures: exposures and goal leads per variant, rates and always-valid intervals, the
 * sample-ratio check and the decision in words (docs/experiments.md, "Reading the result").
 */
export function experimentFigures(
  definition: ExperimentDefinition,
  exposures: Map<string, number> | undefined,
  leads: ExperimentLead[],
): ExperimentFigures {
  const from = Date.parse(definition.startsAt)
  const to = definition.endsAt ? Date.parse(definition.endsAt) : Number.POSITIVE_INFINITY
  const goalLeads = new Map<string, number>()
  for (const lead of leads) {
    const time = lead.receivedAt.getTime()
    if (time < from || time >= to || (definition.goal !== 'any' && lead.form !== definition.goal)) continue
    const seen = lead.seen.find(({ experiment }) => experiment === definition._id)
    if (seen) goalLeads.set(seen.variant, (goalLeads.get(seen.variant) ?? 0) + 1)
  }
  const arms = definition.variants.map((variant) => ({
    variant,
    arm: { views: exposures?.get(variant.key) ?? 0, conversions: goalLeads.get(variant.key) ?? 0 } satisfies Arm,
  }))
  const control = arms.find(({ variant }) => variant.control) ?? arms[0]
  // Each variant is compared with the control at alpha / comparisons (Bonferroni), so that the whole
  // experiment's chance of a false winner stays at 5 %.
  const alpha = 0.05 / Math.max(1, arms.length - 1)
  const variants: VariantFigures[] = arms.map(({ variant, arm }) => {
    const figures: VariantFigures = {
      key: variant.key,
      label: variant.label,
      weight: variant.weight,
      ...(variant.control ? { control: true as const } : {}),
      exposures: arm.views,
      leads: arm.conversions,
      conversionRate: arm.views > 0 ? arm.conversions / arm.views : null,
      rateInterval: rateInterval(arm.conversions, arm.views, alpha) ?? null,
    }
    if (variant.control || !control) return figures
    const compared = differenceInterval(control.arm, arm, alpha)
    return {
      ...figures,
      difference: compared?.difference ?? null,
      differenceInterval: compared?.interval ?? null,
      significant: isSignificant(control.arm, arm, alpha),
    }
  })
  const sampleRatio = sampleRatioMismatch(
    arms.map(({ arm }) => arm.views),
    arms.map(({ variant }) => variant.weight),
  )
  return {
    id: definition._id,
    title: definition.title,
    page: definition.path ?? '',
    status: definition.status,
    goal: definition.goal,
    startsAt: definition.startsAt,
    endsAt: definition.endsAt,
    promotedVariant: definition.promotedVariant,
    variants,
    sampleRatio,
    decision: decisionText(variants, alpha),
  }
}

/** The result in words: a winner (or loser) once an interval excludes 0, else how far from knowing it is. */
export function decisionText(variants: VariantFigures[], alpha = 0.05): string {
  const control = variants.find((variant) => variant.control)
  if (!control) return 'No control: mark one variant as the control'
  const decided = variants
    .filter((variant) => variant.significant && variant.difference !== undefined && variant.difference !== null)
    .sort((a, b) => (b.difference ?? 0) - (a.difference ?? 0))
  const best = decided[0]
  if (best?.differenceInterval && best.difference !== null && best.difference !== undefined) {
    const direction = best.difference > 0 ? 'better' : 'worse'
    const { low, high } = best.differenceInterval
    return `${best.label} converts ${direction} than the control: ${points(best.difference)} points (${points(low)} to ${points(high)} points)`
  }
  const total = variants.reduce((sum, variant) => sum + variant.exposures, 0)
  const leads = variants.reduce((sum, variant) => sum + variant.leads, 0)
  if (leads === 0)
    return total === 0 ? 'Not enough data yet: no page views so far' : 'Not enough data yet: no leads so far'
  const rate = leads / total
  const weightTotal = variants.reduce((sum, variant) => sum + variant.weight, 0)
  const needed = Math.max(
    ...variants
      .filter((variant) => !variant.control)
      .map((variant) =>
        viewsToResolve(rate, { control: control.weight / weightTotal, variant: variant.weight / weightTotal }, alpha),
      ),
  )
  if (total < needed) return `Not enough data yet: about ${(needed - total).toLocaleString('en-US')} more page views`
  return 'No difference detected'
}

/** Every experiment that ran (not drafts), the latest first, with its figures. */
export async function experimentsReport(options: {
  definitions: () => Promise<ExperimentDefinition[]>
  exposures: () => Promise<Map<string, Map<string, number>>>
  leads: () => Promise<ExperimentLead[]>
}): Promise<ExperimentFigures[]> {
  const [definitions, exposures, leads] = await Promise.all([
    options.definitions(),
    options.exposures(),
    options.leads(),
  ])
  return definitions.map((definition) => experimentFigures(definition, exposures.get(definition._id), leads))
}
