import { zodResolver } from '@hookform/resolvers/zod'
import { MESSAGE_ROWS } from '@site/leads/limits'
import {
  CONTACT_FIELDS,
  type ContactInput,
  type ContactValues,
  contactSchema,
  INTEREST_OPTIONS,
} from '@site/leads/schemas/contactSchema'
import { useState } from 'react'
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
 */
export function ContactForm({ copy }: { copy: SectionOf<'contactFormSection'> }) {
  // No defaultValues: the fields start from what is in the DOM, so text typed before hydration is kept.
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(contactSchema),
  })
  const [sending, setSending] = useState(false)
  const guard = useSubmitGuard()
  const honeypot = useHoneypot()
  const leadKey = useIdempotencyKey()
  const source = useContentSource()
  const insights = useFormInsights('contact')

  const succeed = () => {
    notify.success('Message Sent!', "We'll get back to you within 24 hours.")
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
        Send Message
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
