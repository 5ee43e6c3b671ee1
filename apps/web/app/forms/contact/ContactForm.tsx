import { zodResolver } from '@hookform/resolvers/zod'
import { MESSAGE_ROWS } from '@site/leads/limits'
import {
  CONTACT_FIELDS,
  type ContactInput,
  type ContactValues,
  contactRules,
  INTEREST_OPTIONS,
} from '@site/leads/schemas/contactSchema'
import { CheckCircle2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import styled from 'styled-components'
import type { SectionOf } from '../../content/types'
import { useFormInsights } from '../../insights/useFormInsights'
import { consentFrom, useContentSource } from '../shared/consentSource'
import { FieldGrid, FieldSpan, SelectField, TextAreaField, TextField } from '../shared/Field'
import { FormButton } from '../shared/FormButton'
import { firstErrorMessage } from '../shared/firstErrorMessage'
import { Honeypot, useHoneypot } from '../shared/Honeypot'
import { submitLead } from '../shared/submitLead'
import { notify } from '../shared/toast'
import { useIdempotencyKey } from '../shared/useIdempotencyKey'
import { useSubmitGuard } from '../shared/useSubmitGuard'
import { buildContactPayload } from './contactPayload'

const EMPTY: ContactInput = { name: '', email: '', phone: '', company: '', interest: '', message: '' }

/**
 * The contact form (SPEC sections 4, 5, 7, 8): validated on submit, the first error reported in a
 * toast, then sent as a lead (submitLead); success empties every field, a failure keeps them.
 * Success also leaves a thank-you card above the emptied form, as the questionnaire and the giveaway do.
 * A section with `askInterest` off leaves the interest question out (a campaign page's choice).
 */
export function ContactForm({ copy }: { copy: SectionOf<'contactFormSection'> }) {
  const asksInterest = copy.askInterest !== false
  // No defaultValues: the fields start from what is in the DOM, so text typed before hydration is kept.
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(contactRules(asksInterest)),
  })
  // A form without the question still sends the key, empty (no field in the DOM holds it).
  if (!asksInterest) register('interest', { value: '' })
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const thanksRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    // Focus brings the card into view and has a screen reader read it.
    if (sent) thanksRef.current?.focus()
  }, [sent])
  const guard = useSubmitGuard()
  const honeypot = useHoneypot()
  const leadKey = useIdempotencyKey()
  const source = useContentSource()
  const insights = useFormInsights('contact')

  const succeed = () => {
    notify.success('Message Sent!', "We'll get back to you within 24 hours.")
    setSent(true)
    reset(EMPTY)
    honeypot.clear()
    leadKey.renew()
  }

  const send = async (values: ContactValues) => {
    setSending(true)
    try {
      await submitLead('contact', {
        payload: buildContactPayload(values),
        idempotencyKey: leadKey.current(),
        proof: await leadKey.proof(),
        honeypot: honeypot.value(),
        // The contact form shows no consent copy: its record is the text the visitor read above the fields.
        consent: consentFrom(source, {
          kind: 'disclosure',
          text: copy.text,
          field: `sections[_key=="${copy._key}"].text`,
        }),
      })
      succeed()
    } catch (error) {
      console.error('Contact form: the message could not be sent', error)
      notify.error('Error', 'Failed to send message. Please try again or contact us directly.')
    } finally {
      setSending(false)
    }
  }

  const reportInvalid = (fieldErrors: FieldErrors<ContactInput>) => {
    const message = firstErrorMessage(CONTACT_FIELDS, fieldErrors)
    if (message) notify.error('Validation Error', message)
  }

  return (
    <Form ref={insights} noValidate onSubmit={guard(handleSubmit(send, reportInvalid))}>
      {sent && (
        <Thanks role="status">
          <CheckCircle2 aria-hidden="true" focusable="false" size={28} />
          <div>
            <h3 ref={thanksRef} tabIndex={-1}>
              {copy.confirmationHeading}
            </h3>
            {copy.confirmationText && <p>{copy.confirmationText}</p>}
          </div>
        </Thanks>
      )}
      <Honeypot ref={honeypot.ref} idPrefix="contact" />
      <FieldGrid>
        <TextField
          id="contact-name"
          label={copy.nameLabel}
          placeholder={copy.namePlaceholder}
          autoComplete="name"
          required
          error={errors.name?.message}
          showError={false}
          {...register('name')}
        />
        <TextField
          id="contact-email"
          type="email"
          label={copy.emailLabel}
          placeholder={copy.emailPlaceholder}
          autoComplete="email"
          required
          error={errors.email?.message}
          showError={false}
          {...register('email')}
        />
        <TextField
          id="contact-phone"
          type="tel"
          label={copy.phoneLabel}
          placeholder={copy.phonePlaceholder}
          autoComplete="tel"
          error={errors.phone?.message}
          showError={false}
          {...register('phone')}
        />
        <TextField
          id="contact-company"
          label={copy.companyLabel}
          placeholder={copy.companyPlaceholder}
          autoComplete="organization"
          error={errors.company?.message}
          showError={false}
          {...register('company')}
        />
        {asksInterest && (
          <FieldSpan>
            <SelectField
              id="contact-interest"
              label={copy.interestLabel}
              placeholder={copy.interestPlaceholder ?? ''}
              options={INTEREST_OPTIONS}
              required
              error={errors.interest?.message}
              showError={false}
              {...register('interest')}
            />
          </FieldSpan>
        )}
        <FieldSpan>
          <TextAreaField
            id="contact-message"
            label={copy.messageLabel}
            placeholder={copy.messagePlaceholder}
            rows={MESSAGE_ROWS}
            error={errors.message?.message}
            showError={false}
            {...register('message')}
          />
        </FieldSpan>
      </FieldGrid>
      <FormButton busy={sending} busyLabel="Sending..." fullWidth>
        {copy.submitLabel}
      </FormButton>
    </Form>
  )
}

export default ContactForm

const Form = styled.form`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`

const Thanks = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.lg};
  border-left: 4px solid ${({ theme }) => theme.color.accent};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accentSoft};
  > svg { flex: none; color: ${({ theme }) => theme.color.accent}; margin-top: 0.125rem; }
  h3 { font-size: ${({ theme }) => theme.fontSize.lg}; margin-bottom: 0.25rem; }
  h3:focus { outline: none; }
  p { color: ${({ theme }) => theme.color.muted}; }
`
