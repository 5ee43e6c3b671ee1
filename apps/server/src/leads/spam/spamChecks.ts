import { createRequire } from 'node:module'
import type { SpamReason } from '@site/leads/spam'
import type { JsonObject } from '../db/tables.ts'

/**
 * The spam rules, in one table: each adds its named reason with a weight, and a submission whose reasons
 * weigh at least the threshold (LEAD_SPAM_THRESHOLD, 2) is quarantined. A lone weak sign (weight 1) is kept
 * on the lead for the team to see, and holds nothing back.
 */

/** What the endpoint knows of a submission that passed the form's rules. */
export interface SubmissionFacts {
  payload: JsonObject
  /** Why its proof of work failed (missing, invalid, expired, replayed); undefined when it passed or none was asked. */
  proofReason?: Extract<SpamReason, `proof-${string}`>
  /** From the form being shown (signed in its proof) to the submission's arrival; undefined without a valid proof. */
  fillMs?: number
  /** Whether the submission carried the page's attribution, as every form of the site sends it. */
  pageContext?: boolean
}

export interface SpamRule {
  reason: SpamReason
  weight: number
  applies: (facts: SubmissionFacts, settings: { minFillMs: number }) => boolean
}

/** Fields that hold a person's or a company's name: no link or markup belongs in them. */
const NAME_FIELDS = ['name', 'fullName', 'firstName', 'lastName', 'company', 'title']
/** A URL, a bare www. address, an HTML tag, a BBCode or Markdown link. */
const LINK_OR_MARKUP = /https?:\/\/|\bwww\.|<\s*\/?\s*[a-z!][^>]*>?|\[\/?(url|link)\b|\]\(/i
const LINK = /https?:\/\/|\bwww\./gi
/** A message with this many links is more likely an advertisement than a question. */
const MANY_LINKS = 3

export const SPAM_RULES: readonly SpamRule[] = [
  { reason: 'proof-missing', weight: 2, applies: (facts) => facts.proofReason === 'proof-missing' },
  { reason: 'proof-invalid', weight: 2, applies: (facts) => facts.proofReason === 'proof-invalid' },
  { reason: 'proof-expired', weight: 2, applies: (facts) => facts.proofReason === 'proof-expired' },
  { reason: 'proof-replayed', weight: 2, applies: (facts) => facts.proofReason === 'proof-replayed' },
  { reason: 'disposable-email', weight: 2, applies: (facts) => isDisposableAddress(text(facts.payload.email)) },
  {
    reason: 'markup-in-name',
    weight: 2,
    applies: (facts) => NAME_FIELDS.some((field) => LINK_OR_MARKUP.test(text(facts.payload[field]))),
  },
  // Weak: a person whose browser fills the form (autofill) sends it within a second or two. Speed alone never
  // holds a lead with a valid proof; with another sign (a client that sent no page context) it does.
  {
    reason: 'sent-too-fast',
    weight: 1,
    applies: (facts, settings) => facts.fillMs !== undefined && facts.fillMs < settings.minFillMs,
  },
  {
    reason: 'no-page-context',
    weight: 1,
    applies: (facts) => facts.fillMs !== undefined && facts.pageContext === false,
  },
  {
    reason: 'links-in-message',
    weight: 1,
    applies: (facts) => (text(facts.payload.message).match(LINK)?.length ?? 0) >= MANY_LINKS,
  },
]

/** The submission's reasons, in the table's order, and whether they hold it back. */
export function judgeSubmission(
  facts: SubmissionFacts,
  settings: { minFillMs: number; threshold: number },
): { reasons: SpamReason[]; quarantined: boolean } {
  const matched = SPAM_RULES.filter((rule) => rule.applies(facts, settings))
  const weight = matched.reduce((sum, rule) => sum + rule.weight, 0)
  return {
    reasons: matched.map((rule) => rule.reason),
    quarantined: matched.length > 0 && weight >= settings.threshold,
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

let disposable: { domains: Set<string>; wildcards: Set<string> } | undefined

/**
 * An address at a disposable-mail domain (the `disposable-email-domains` list, kept current by dependency
 * updates), or at a subdomain of one of its wildcard domains.
 */
export function isDisposableAddress(address: string): boolean {
  const domain = address.trim().toLowerCase().split('@').at(-1)
  if (!domain || !address.includes('@')) return false
  if (!disposable) {
    const require = createRequire(import.meta.url)
    disposable = {
      domains: new Set<string>(require('disposable-email-domains') as string[]),
      wildcards: new Set<string>(require('disposable-email-domains/wildcard.json') as string[]),
    }
  }
  if (disposable.domains.has(domain)) return true
  const labels = domain.split('.')
  for (let start = 0; start < labels.length - 1; start++) {
    if (disposable.wildcards.has(labels.slice(start).join('.'))) return true
  }
  return false
}
