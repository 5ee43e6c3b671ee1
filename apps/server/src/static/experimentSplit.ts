import { randomInt } from 'node:crypto'
import {
  type ExperimentsManifest,
  type ManifestExperiment,
  type ManifestVariant,
  pickVariant,
  routeDataAddress,
} from '@site/leads/experiments'

/** The pages the build split (dist/_experiments.json), by their path and by their data's address. */
export interface SplitPages {
  pages: Map<string, ManifestExperiment>
  data: Map<string, ManifestExperiment>
}

/** An unreadable file splits nothing. */
export function parseExperimentsManifest(text: string): SplitPages {
  const none = { pages: new Map(), data: new Map() }
  if (!text.trim()) return none
  try {
    const experiments = (JSON.parse(text) as ExperimentsManifest).experiments ?? []
    return {
      pages: new Map(experiments.map((experiment) => [experiment.path, experiment])),
      data: new Map(experiments.map((experiment) => [routeDataAddress(experiment.path), experiment])),
    }
  } catch {
    return none
  }
}

/**
 * The variant one page view gets: at random by the weights, from the server's own random source, with
 * nothing read from or written to the visitor (docs/experiments.md); the control once the experiment ended.
 */
export function variantForView(experiment: ManifestExperiment, now = Date.now()): ManifestVariant {
  const control = experiment.variants.find((variant) => variant.control) ?? experiment.variants[0]
  if (experiment.endsAt && Date.parse(experiment.endsAt) <= now && control) return control
  // randomInt: a uniform draw without the modulo bias of scaling Math.random.
  return pickVariant(experiment.variants, randomInt(0, 1_000_000) / 1_000_000)
}

/**
 * A split page's answer may differ at every request: no shared cache may keep one (`private`), none may
 * reuse it without asking (`no-store`), and it carries no validator a revalidation could pin a variant with.
 */
export const SPLIT_PAGE_CACHE_CONTROL = 'private, no-store'
