import { useCallback, useEffect, useRef } from 'react'
import { type HeldProof, solveLeadProof } from './leadProof'
import { isDirectDelivery, newIdempotencyKey } from './submitLead'

/**
 * The idempotency key of the submission a form is showing: made once, kept through a failed send and
 * every resend of it, so the lead server stores it once; `renew` after a success starts the next one.
 * Beside it, the submission's proof of work (leadProof.ts): solved from the moment the form is shown, while
 * the visitor types; `proof()` waits for it at submit (a solve takes about a second at most). A direct build
 * (no lead server) asks for none.
 */
/** How long a submit waits for its proof of work: a slow phone solves in about a second. */
const PROOF_WAIT_MS = 8_000

export function useIdempotencyKey() {
  const key = useRef<string | undefined>(undefined)
  const proof = useRef<Promise<HeldProof | undefined> | undefined>(undefined)
  useEffect(() => {
    if (!isDirectDelivery()) proof.current ??= solveLeadProof()
  }, [])
  const current = useCallback(() => {
    key.current ??= newIdempotencyKey()
    return key.current
  }, [])
  const renew = useCallback(() => {
    key.current = newIdempotencyKey()
    if (!isDirectDelivery()) proof.current = solveLeadProof()
  }, [])
  /**
   * The proof for this submission, asked again once when the first try failed (the server was away). A proof
   * not ready within PROOF_WAIT_MS is left out: the lead is still sent (and held for the team to release).
   */
  const currentProof = useCallback(async (): Promise<HeldProof | undefined> => {
    if (isDirectDelivery()) return undefined
    const waited = new Promise<undefined>((resolve) => setTimeout(resolve, PROOF_WAIT_MS))
    const held = await Promise.race([proof.current ?? solveLeadProof(), waited])
    if (held) return held
    proof.current = solveLeadProof()
    return Promise.race([proof.current, waited])
  }, [])
  return { current, renew, proof: currentProof }
}
