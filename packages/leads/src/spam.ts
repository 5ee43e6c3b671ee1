import { z } from './zod'

/**
 * Spam protection as the site, the lead server and the Studio share it: the proof of work a form sends with
 * a lead (an ALTCHA v2 challenge the server signed, and the browser's solution), and the reasons a
 * submission can be held for, with the words the Leads tool shows for them.
 */

/** `GET /api/leads/challenge`: a challenge to solve, and a token that carries the form's shown time forward. */
export interface LeadChallengeJson {
  challenge: {
    parameters: {
      algorithm: string
      nonce: string
      salt: string
      cost: number
      keyLength: number
      keyPrefix: string
      keySignature?: string
      expiresAt?: number
      data?: Record<string, string | number | boolean | null>
    }
    signature?: string
  }
  /**
   * Signed time the form was first shown: sent back as `?since=` when the page asks for a fresh challenge
   * (the held one nears expiry), so the new challenge keeps the first shown time.
   */
  since: string
}

/** What a form sends beside its payload as `proof`: the challenge as issued and the counter it found. */
export const leadProofSchema = z
  .object({
    challenge: z
      .object({
        parameters: z
          .object({
            algorithm: z.string().max(32),
            nonce: z.string().max(128),
            salt: z.string().max(128),
            cost: z.number().int().positive(),
            keyLength: z.number().int().positive().max(64),
            keyPrefix: z.string().max(128),
            keySignature: z.string().max(256).optional(),
            expiresAt: z.number().optional(),
            data: z.record(z.string(), z.union([z.string().max(256), z.number(), z.boolean(), z.null()])).optional(),
          })
          .strict(),
        signature: z.string().max(256),
      })
      .strict(),
    solution: z
      .object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256), time: z.number().optional() })
      .strict(),
  })
  .strict()

export type LeadProof = z.infer<typeof leadProofSchema>

/**
 * Why a submission was judged spam, each a rule of the lead server's spam checks. The Leads tool and
 * `GET /api/admin/quarantine/counts` name them; the stored `quarantine_reason` joins their titles.
 */
export const SPAM_REASONS = {
  'proof-missing': 'No proof of work was sent',
  'proof-invalid': 'The proof of work is not one this server signed, or is not solved',
  'proof-expired': 'The proof of work had expired',
  'proof-replayed': 'The proof of work was already used by another submission',
  'disposable-email': 'The e-mail address is at a disposable-mail domain',
  'markup-in-name': 'A link or markup in a name or company field',
  'sent-too-fast': 'Sent faster than a person can fill the form',
  'links-in-message': 'Several links in the message',
  'no-page-context': "Sent without the page's attribution, which every form of the site sends",
} as const

export type SpamReason = keyof typeof SPAM_REASONS

/**
 * Reasons the endpoint held a submission for before the spam checks ran (its body or fields): every held
 * lead has at least one reason from here or SPAM_REASONS.
 */
export const INTAKE_REASONS = {
  honeypot: 'Honeypot field filled',
  invalid: 'Does not pass the form rules',
  unstorable: 'Cannot be stored as sent',
  'not-json': 'Not a JSON object with a payload',
  'not-utf8': 'Not UTF-8 text',
} as const

export type IntakeReason = keyof typeof INTAKE_REASONS
export type HoldReason = SpamReason | IntakeReason

/** The words for a reason (an unknown one, from a newer server, as itself). */
export function holdReasonTitle(reason: string): string {
  return (
    (SPAM_REASONS as Record<string, string>)[reason] ?? (INTAKE_REASONS as Record<string, string>)[reason] ?? reason
  )
}
