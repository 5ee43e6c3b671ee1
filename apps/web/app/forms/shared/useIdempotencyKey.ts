import { useCallback, useRef } from 'react'
import { newIdempotencyKey } from './submitLead'

/**
 * The idempotency key of the submission a form is showing: made once, kept through a failed send and
 * every resend of it, so the lead server stores it once; `renew` after a success starts the next one.
 */
export function useIdempotencyKey() {
  const key = useRef<string | undefined>(undefined)
  const current = useCallback(() => {
    key.current ??= newIdempotencyKey()
    return key.current
  }, [])
  const renew = useCallback(() => {
    key.current = newIdempotencyKey()
  }, [])
  return { current, renew }
}
