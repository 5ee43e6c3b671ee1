import { type FormEvent, useCallback, useRef } from 'react'

/**
 * Wraps a form's submit handler so one submission runs at a time: a double click or a repeated Enter
 * while the first is still validating or sending is ignored (state updates are too late to stop it).
 * The wrapper always prevents the browser's own form submission.
 *
 *   const guard = useSubmitGuard()
 *   <form onSubmit={guard(handleSubmit(onValid, onInvalid))}>
 */
export function useSubmitGuard() {
  const inFlight = useRef(false)
  return useCallback(
    (handler: (event: FormEvent<HTMLFormElement>) => Promise<void> | void) =>
      async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        if (inFlight.current) return
        inFlight.current = true
        try {
          await handler(event)
        } finally {
          inFlight.current = false
        }
      },
    [],
  )
}
