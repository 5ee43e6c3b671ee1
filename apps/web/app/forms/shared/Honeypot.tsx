import { type Ref, useCallback, useRef } from 'react'
import styled from 'styled-components'

/**
 * A trap for bots: a text field people never see or reach. A form whose honeypot is filled shows its
 * normal success; its value goes with the submission, and the lead server quarantines it (a direct build
 * sends nothing).
 *
 *   const honeypot = useHoneypot()
 *   <Honeypot ref={honeypot.ref} idPrefix="contact" />   ...   submitLead(form, { ..., honeypot: honeypot.value() })
 */
export function useHoneypot() {
  const ref = useRef<HTMLInputElement>(null)
  const value = useCallback(() => ref.current?.value ?? '', [])
  const clear = useCallback(() => {
    if (ref.current) ref.current.value = ''
  }, [])
  return { ref, value, clear }
}

export function Honeypot({ ref, idPrefix }: { ref: Ref<HTMLInputElement>; idPrefix: string }) {
  const id = `${idPrefix}-website`
  return (
    <Trap aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input ref={ref} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </Trap>
  )
}

// Off-screen rather than display:none, which some bots recognise and skip.
const Trap = styled.div`
  position: absolute;
  left: -10000px;
  top: auto;
  width: 1px;
  height: 1px;
  overflow: hidden;
`
