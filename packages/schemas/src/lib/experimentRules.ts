// What an A/B experiment is, as pure functions (exported as @site/schemas/experiments; no `sanity` import): the
// Studio's validation, the site's build (which prerenders each variant), the Studio's Promote action and the
// server's figures all read an experiment through this one module.

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped', 'promoted'] as const
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number]

/** A goal is a stored lead from one form or from any form. */
export const ANY_FORM = 'any'

export const MIN_VARIANTS = 2
export const MAX_VARIANTS = 4
export const VARIANT_KEY_PATTERN = /^[a-z][a-z0-9-]{0,31}$/
export const VARIANT_KEY_MESSAGE = 'Use lower-case letters, digits and dashes, starting with a letter (e.g. "b")'

/** A section as the page holds it: its type, its key and its fields. */
export interface SectionLike {
  _type: string
  _key: string
  [field: string]: unknown
}

export interface VariantLike {
  key?: string | null
  label?: string | null
  weight?: number | null
  control?: boolean | null
  heading?: string | null
  text?: string | null
  ctaLabel?: string | null
  /** A whole section instead of the tested one (at most one item). */
  replacement?: SectionLike[] | null
}

export interface ExperimentLike {
  _id?: string
  status?: string
  page?: { _ref?: string }
  sectionKey?: string
  variants?: VariantLike[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/** Whether a variant changes anything: a heading, a text, a button label or a whole section. */
export function variantChanges(variant: VariantLike): boolean {
  return (
    filled(variant.heading) ||
    filled(variant.text) ||
    filled(variant.ctaLabel) ||
    (Array.isArray(variant.replacement) && variant.replacement.length > 0)
  )
}

/** The problems of an experiment's variants, each in words a marketer acts on; empty when there are none. */
export function variantProblems(variants: unknown): string[] {
  const list = (Array.isArray(variants) ? variants : []).filter(isRecord) as VariantLike[]
  if (list.length === 0) return []
  const problems: string[] = []
  if (list.length < MIN_VARIANTS || list.length > MAX_VARIANTS)
    problems.push(
      `An experiment has ${MIN_VARIANTS} to ${MAX_VARIANTS} variants (the control included), not ${list.length}`,
    )
  const total = list.reduce((sum, variant) => sum + (typeof variant.weight === 'number' ? variant.weight : 0), 0)
  if (total !== 100) problems.push(`The weights add up to ${total}, not 100`)
  const controls = list.filter((variant) => variant.control === true)
  if (controls.length !== 1)
    problems.push(`Mark exactly one variant as the control (the page as it is); ${controls.length} are marked`)
  const keys = list.map((variant) => variant.key).filter((key): key is string => typeof key === 'string')
  const repeated = keys.filter((key, index) => keys.indexOf(key) !== index)
  if (repeated.length > 0) problems.push(`Each variant needs its own key: "${repeated[0]}" is used twice`)
  for (const variant of list) {
    if (variant.control === true && variantChanges(variant))
      problems.push(`The control "${variant.label ?? variant.key}" shows the page as it is: leave its changes empty`)
    if (variant.control !== true && !variantChanges(variant))
      problems.push(
        `Variant "${variant.label ?? variant.key}" is identical to the control: change its heading, text, button label or section`,
      )
  }
  return problems
}

/** A section field that takes a variant's body text: `text` where the section has one, else `intro`. */
function bodyField(section: SectionLike): 'text' | 'intro' {
  return 'text' in section || !('intro' in section) ? 'text' : 'intro'
}

/**
 * The section as a variant shows it: its replacement (keeping the tested section's key, so that links and
 * edit targets stay), or the tested section with the variant's heading, text and first button's label.
 */
export function sectionForVariant(section: SectionLike, variant: VariantLike): SectionLike {
  const replacement = variant.replacement?.[0]
  if (replacement) return { ...replacement, _key: section._key }
  const changed: SectionLike = { ...section }
  if (filled(variant.heading)) {
    changed.heading = variant.heading
    // The accent words must still be in the heading; otherwise the variant's heading has none.
    if (typeof section.highlight === 'string' && !(variant.heading as string).includes(section.highlight))
      delete changed.highlight
  }
  if (filled(variant.text)) changed[bodyField(section)] = variant.text
  if (filled(variant.ctaLabel) && Array.isArray(section.actions) && isRecord(section.actions[0])) {
    const [first, ...rest] = section.actions
    changed.actions = [{ ...first, label: variant.ctaLabel }, ...rest]
  }
  return changed
}

/** A page's sections as a variant shows them; the page unchanged when the tested section is not on it. */
export function sectionsForVariant<T extends SectionLike>(
  sections: T[],
  sectionKey: string,
  variant: VariantLike,
): T[] {
  return sections.map((section) => (section._key === sectionKey ? (sectionForVariant(section, variant) as T) : section))
}

/** Whether an experiment is live at `now`: running, started, and not past its end. */
export function isLive(
  experiment: { status?: string | null; startsAt?: string | null; endsAt?: string | null },
  now: Date,
): boolean {
  if (experiment.status !== 'running') return false
  const time = now.getTime()
  if (experiment.startsAt && Date.parse(experiment.startsAt) > time) return false
  if (experiment.endsAt && Date.parse(experiment.endsAt) <= time) return false
  return true
}
