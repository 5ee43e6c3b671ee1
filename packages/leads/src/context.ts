import { MAX_SEEN_VARIANTS } from './experiments'
import { seenVariantSchema } from './seenVariant'
import { z } from './zod'

/**
 * What a submission carries besides its webhook payload (which stays exactly the spec's keys): where the
 * visit came from, and the consent or disclosure copy the visitor saw next to the form. The lead server
 * checks both with these rules and stores them beside the lead; only the server imports this module.
 */
const text = (max: number) => z.string().max(max)
const optional = (max: number) => text(max).optional()

/** One arrival on the site: its landing page, its referrer, and the campaign parameters in its URL. */
const touch = z
  .object({
    at: z.iso.datetime(),
    landingPage: text(2048),
    referrer: optional(2048),
    utm_source: optional(256),
    utm_medium: optional(256),
    utm_campaign: optional(256),
    utm_term: optional(256),
    utm_content: optional(256),
    gclid: optional(512),
    fbclid: optional(512),
    msclkid: optional(512),
  })
  .strict()

export const leadAttributionSchema = z
  .object({
    /** The page the form was on. */
    page: text(2048),
    /** The visit's first arrival (its landing page) and its latest arrival with a campaign or another site as referrer. */
    firstTouch: touch,
    lastTouch: touch,
    /** The experiment variants the visit was shown (docs/experiments.md), the latest last. */
    experiments: z.array(seenVariantSchema).max(MAX_SEEN_VARIANTS).optional(),
  })
  .strict()

export const leadConsentSchema = z
  .object({
    /** `opt-in`: a checkbox the visitor ticked; `disclosure`: text shown by the form, with no checkbox. */
    kind: z.enum(['opt-in', 'disclosure']),
    /** The copy exactly as rendered, from the CMS. */
    text: text(4000).min(1),
    /** Where in the document the copy is (`sections[_key=="…"].optInLabel`, `gate.privacyNote`). */
    field: text(300).min(1),
    documentId: text(200).min(1),
    documentRev: text(200).min(1),
    /** The checkbox's state when sent; absent for a disclosure. */
    checked: z.boolean().optional(),
  })
  .strict()

export type LeadAttribution = z.infer<typeof leadAttributionSchema>
export type LeadTouch = LeadAttribution['firstTouch']
export type LeadConsent = z.infer<typeof leadConsentSchema>
