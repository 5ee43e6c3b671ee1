import { GIVEAWAY_SOURCE } from '@site/leads/sources'
import { CheckCircle2 } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import type { SectionOf } from '../../content/types'
import { useFormInsights } from '../../insights/useFormInsights'
import { consentFrom, useContentSource } from '../shared/consentSource'
import { CheckboxField, FieldGrid, FieldSpan, TextField } from '../shared/Field'
import { FormButton } from '../shared/FormButton'
import { Honeypot, useHoneypot } from '../shared/Honeypot'
import { withTimestamp } from '../shared/postWebhook'
import { LeadNotStoredError, submitLead } from '../shared/submitLead'
import { notify } from '../shared/toast'
import { useIdempotencyKey } from '../shared/useIdempotencyKey'
import { useSubmitGuard } from '../shared/useSubmitGuard'

/** The lead server's answer to an entry after the giveaway's end date. */
const GIVEAWAY_ENDED_STATUS = 410

/**
 * The giveaway entry form (SPEC sections 4, 5, 7): the browser checks the five required fields, the
 * opt-in must be ticked, the entry is sent as a lead (submitLead; a direct build calls the giveaway
 * webhook only when one is configured), then the confirmation shows. A send that throws keeps the form and what was typed.
 */
export function GiveawayForm({
  copy,
  onEnded,
}: {
  copy: SectionOf<'giveawayFormSection'>
  /** The lead server refused the entry as late (410): the giveaway ended while the page was open. */
  onEnded?: () => void
}) {
  const [submitting, setSubmitting] = useState(false)
  const [entered, setEntered] = useState(false)
  const [optInMissing, setOptInMissing] = useState(false)
  const optInRef = useRef<HTMLInputElement>(null)
  const guard = useSubmitGuard()
  const honeypot = useHoneypot()
  const leadKey = useIdempotencyKey()
  const source = useContentSource()
  const insights = useFormInsights('giveaway')
  const confirmationRef = useRef<HTMLHeadingElement>(null)
  // Set on entering: a click that lands before the confirmation replaces the form sends nothing more.
  const done = useRef(false)

  useEffect(() => {
    if (entered) confirmationRef.current?.focus()
  }, [entered])

  const enter = () => {
    done.current = true
    setEntered(true)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (done.current) return
    // Read before the first await: React clears currentTarget once the event has been dispatched.
    const data = new FormData(event.currentTarget)
    const optIn = data.get('optIn') === 'on'
    setOptInMissing(!optIn)
    if (!optIn) {
      notify.error('Agreement Required', 'Please agree to receive follow-up communications to enter the giveaway.')
      optInRef.current?.focus()
      return
    }
    const text = (field: string) => String(data.get(field) ?? '')
    const entry = {
      fullName: text('fullName'),
      email: text('email'),
      phone: text('phone'),
      company: text('company'),
      title: text('title'),
      optIn,
    }
    setSubmitting(true)
    try {
      await submitLead('giveaway', {
        payload: { ...withTimestamp(entry), source: GIVEAWAY_SOURCE },
        idempotencyKey: leadKey.current(),
        proof: await leadKey.proof(),
        honeypot: honeypot.value(),
        consent: consentFrom(source, {
          kind: 'opt-in',
          text: copy.optInLabel,
          field: `sections[_key=="${copy._key}"].optInLabel`,
          checked: optIn,
        }),
      })
    } catch (error) {
      if (error instanceof LeadNotStoredError && error.status === GIVEAWAY_ENDED_STATUS && onEnded) {
        onEnded()
        return
      }
      console.error('Giveaway form: the entry could not be sent', error)
      notify.error('Error', 'Something went wrong. Please try again.')
      setSubmitting(false)
      return
    }
    enter()
  }

  if (entered) {
    return (
      <Confirmation>
        <CheckCircle2 aria-hidden="true" focusable="false" size={48} />
        <h3 ref={confirmationRef} tabIndex={-1}>
          {copy.confirmationHeading}
        </h3>
        {copy.confirmationText && <p>{copy.confirmationText}</p>}
      </Confirmation>
    )
  }

  return (
    <Form ref={insights} onSubmit={guard(submit)}>
      <Honeypot ref={honeypot.ref} idPrefix="giveaway" />
      <FieldGrid>
        <FieldSpan>
          <TextField id="giveaway-fullName" name="fullName" label={copy.fullNameLabel} autoComplete="name" required />
        </FieldSpan>
        <TextField
          id="giveaway-email"
          name="email"
          type="email"
          label={copy.emailLabel}
          autoComplete="email"
          required
        />
        <TextField id="giveaway-phone" name="phone" type="tel" label={copy.phoneLabel} autoComplete="tel" required />
        <TextField
          id="giveaway-company"
          name="company"
          label={copy.companyLabel}
          autoComplete="organization"
          required
        />
        <TextField
          id="giveaway-title"
          name="title"
          label={copy.titleLabel}
          autoComplete="organization-title"
          required
        />
        <FieldSpan>
          <CheckboxField
            ref={optInRef}
            id="giveaway-optIn"
            name="optIn"
            label={copy.optInLabel}
            invalid={optInMissing}
            onChange={(event) => event.target.checked && setOptInMissing(false)}
          />
        </FieldSpan>
      </FieldGrid>
      <FormButton busy={submitting} busyLabel="Submitting..." fullWidth>
        {copy.submitLabel}
      </FormButton>
    </Form>
  )
}

export default GiveawayForm

const Form = styled.form`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`

const Confirmation = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding-block: ${({ theme }) => theme.space.lg};
  text-align: center;
  > svg { color: ${({ theme }) => theme.color.accent}; }
  h3 { font-size: ${({ theme }) => theme.fontSize.h3}; }
  p { max-width: 32rem; color: ${({ theme }) => theme.color.muted}; }
`
