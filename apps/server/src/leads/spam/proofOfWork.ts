import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { type LeadChallengeJson, leadProofSchema, type SpamReason } from '@site/leads/spam'
import { createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { SpamConfig } from '../leadConfig.ts'

/**
 * The proof of work (ALTCHA v2, PBKDF2/SHA-256, deterministic mode): the server picks a random counter,
 * signs the challenge (its parameters, expiry and the form's shown time) and the key that counter derives;
 * the browser searches counters up to it. Verifying is two HMACs, so a flood of bad proofs costs the server
 * nothing. Whether a proof was used before is the store's question (store/usedProofs.ts).
 */

const ALGORITHM = 'PBKDF2/SHA-256'
/** A `since` token older than this starts a new shown time: a tab left open for days is a new visit. */
const LONGEST_VISIT_MS = 24 * 3_600_000

/** A challenge for a form shown now, or (with a valid `since`) shown when that token says. */
export async function issueChallenge(
  config: SpamConfig,
  options: { now: Date; since?: string | undefined },
): Promise<LeadChallengeJson> {
  const now = options.now.getTime()
  const carried = shownTimeOf(config, options.since, now)
  const shown = carried ?? now
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: config.proofCost,
    // At least a tenth of the largest: no challenge is solved by its first few guesses.
    counter: randomInt(Math.ceil(config.proofMaxCounter / 10), Math.max(2, config.proofMaxCounter + 1)),
    deriveKey,
    expiresAt: new Date(now + config.challengeTtlMs),
    data: { shown },
    hmacSignatureSecret: config.secret,
    hmacKeySignatureSecret: keySecret(config),
  })
  return {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    since: sinceToken(config, shown),
  }
}

export type ProofCheck =
  | { verified: true; signature: string; shownAt: Date; expiresAt: Date }
  | { verified: false; reason: Extract<SpamReason, 'proof-missing' | 'proof-invalid' | 'proof-expired'> }

/** Checks a proof's form, signature, solution and expiry (not whether it was used: the store knows). */
export async function checkProof(config: SpamConfig, proof: unknown, now: Date): Promise<ProofCheck> {
  if (proof === undefined || proof === null) return { verified: false, reason: 'proof-missing' }
  const parsed = leadProofSchema.safeParse(proof)
  if (!parsed.success) return { verified: false, reason: 'proof-invalid' }
  const { challenge, solution } = parsed.data
  if (challenge.parameters.algorithm !== ALGORITHM) return { verified: false, reason: 'proof-invalid' }
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: config.secret,
    hmacKeySignatureSecret: keySecret(config),
  }).catch(() => undefined)
  if (!result) return { verified: false, reason: 'proof-invalid' }
  const shown = challenge.parameters.data?.shown
  const expires = challenge.parameters.expiresAt
  // altcha-lib checks expiry against the clock; the endpoint's `now` decides here, before the signature.
  if (result.expired || (expires !== undefined && expires * 1000 < now.getTime())) {
    return { verified: false, reason: 'proof-expired' }
  }
  if (!result.verified || typeof shown !== 'number' || expires === undefined || !challenge.signature) {
    return { verified: false, reason: 'proof-invalid' }
  }
  return {
    verified: true,
    signature: challenge.signature,
    shownAt: new Date(shown),
    expiresAt: new Date(expires * 1000),
  }
}

function keySecret(config: SpamConfig): string {
  return createHmac('sha256', config.secret).update('altcha key signature').digest('hex')
}

function sinceToken(config: SpamConfig, shown: number): string {
  return `${shown}.${createHmac('sha256', config.secret).update(`shown:${shown}`).digest('base64url')}`
}

function shownTimeOf(config: SpamConfig, token: string | undefined, now: number): number | undefined {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token ?? '')
  if (!match) return undefined
  const shown = Number(match[1])
  const expected = Buffer.from(sinceToken(config, shown))
  const given = Buffer.from(token ?? '')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  return shown <= now && now - shown <= LONGEST_VISIT_MS ? shown : undefined
}
