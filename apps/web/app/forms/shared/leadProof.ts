import type { LeadChallengeJson, LeadProof } from '@site/leads/spam'

/**
 * The proof of work a form sends with its lead (issue 35): a challenge from the lead server
 * (`GET /api/leads/challenge`), solved off the main thread while the visitor types. The solver is loaded
 * only when a form asks for a proof (proofSolver.ts, its own chunk), so pages without forms carry none of it.
 */
export interface HeldProof {
  proof: LeadProof
  /** The signed time the form was first shown: a fresh challenge asked with it keeps that time. */
  since: string
  /** When the challenge expires, in milliseconds since 1970. */
  expiresAt: number
}

/** The performance entry each solved proof leaves (User Timing). */
const PROOF_MEASURE = 'lead-proof-solve'

/** A proof this close to its expiry is renewed before it is sent: a solve takes well under this. */
const RENEW_BEFORE_MS = 60_000

/** Asks a challenge (with the first shown time, when renewing) and solves it; undefined when either fails. */
export async function solveLeadProof(since?: string): Promise<HeldProof | undefined> {
  try {
    const response = await fetch(`/api/leads/challenge${since ? `?since=${encodeURIComponent(since)}` : ''}`, {
      cache: 'no-store',
    })
    if (!response.ok) return undefined
    const issued = (await response.json()) as LeadChallengeJson
    const started = performance.now()
    const { solve } = await import('./proofSolver')
    const solution = await solve(issued.challenge)
    if (!solution || !issued.challenge.signature) return undefined
    // The solve as the visitor's device did it (solver chunk included): `pnpm bench:spam` reads it.
    performance.measure(PROOF_MEASURE, { start: started })
    return {
      proof: {
        challenge: { parameters: issued.challenge.parameters, signature: issued.challenge.signature },
        solution,
      },
      since: issued.since,
      expiresAt: (issued.challenge.parameters.expiresAt ?? 0) * 1000,
    }
  } catch {
    return undefined
  }
}

/** The proof to send now: the held one, or a fresh one (same shown time) when it is about to expire. */
export async function proofToSend(held: HeldProof | undefined): Promise<LeadProof | undefined> {
  if (!held) return undefined
  if (held.expiresAt - Date.now() > RENEW_BEFORE_MS) return held.proof
  return (await solveLeadProof(held.since))?.proof
}
