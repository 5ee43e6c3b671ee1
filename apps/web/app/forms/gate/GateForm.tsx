import { zodResolver } from '@hookform/resolvers/zod'
import { type GateInput, type GateValues, gateSchema } from '@site/leads/schemas/gateSchema'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import styled from 'styled-components'
import type { ResourceContent } from '../../content/types'
import { useFormInsights } from '../../insights/useFormInsights'
import { consentFrom, useContentSource } from '../shared/consentSource'
import { TextField } from '../shared/Field'
import { FormButton } from '../shared/FormButton'
import { Honeypot, useHoneypot } from '../shared/Honeypot'
import { withTimestamp } from '../shared/postWebhook'
import { submitLead } from '../shared/submitLead'
import { notify } from '../shared/toast'
import { useIdempotencyKey } from '../shared/useIdempotencyKey'
import { useSubmitGuard } from '../shared/useSubmitGuard'

interface GateFormProps {
  gate: ResourceContent['gate']
  /** Sent as `resource`: which guide the lead asked for. */
  resourceTitle: string
  onUnlocked: () => void
}

/**
 * The guide-access form (SPEC sections 4, 5, 7, 8): errors under each field, nothing sent while invalid;
 * a send that does not throw unlocks the guide, one that throws leaves it locked with the fields kept.
 */
export function GateForm({ gate, resourceTitle, onUnlocked }: GateFormProps) {
  // No defaultValues: the fields start from what is in the DOM, so text typed before hydration is kept.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GateInput, unknown, GateValues>({
    resolver: zodResolver(gateSchema),
  })
  const [sending, setSending] = useState(false)
  const guard = useSubmitGuard()
  const honeypot = useHoneypot()
  const leadKey = useIdempotencyKey()
  const source = useContentSource()
  const insights = useFormInsights('guide')
  // Set once the guide is unlocked: a click that lands before the form is replaced sends nothing more.
  const unlocked = useRef(false)

  const unlock = () => {
    unlocked.current = true
    notify.success('Guide Unlocked!', 'You now have access to the complete guide.')
    onUnlocked()
  }

  const send = async ({ name, email, phone }: GateValues) => {
    if (unlocked.current) return
    setSending(true)
    try {
      await submitLead('guide', {
        payload: withTimestamp({ name, email, phone, resource: resourceTitle }),
        idempotencyKey: leadKey.current(),
        proof: await leadKey.proof(),
        honeypot: honeypot.value(),
        // The small print under the button ("We respect your privacy…"), from the resource document.
        consent: consentFrom(source, { kind: 'disclosure', text: gate?.privacyNote, field: 'gate.privacyNote' }),
      })
    } catch (error) {
      console.error('Guide form: the request could not be sent', error)
      notify.error('Error', 'Failed to submit. Please try again.')
      setSending(false)
      return
    }
    unlock() // and the button stays disabled until the guide replaces the form
  }

  return (
    <Form ref={insights} noValidate onSubmit={guard(handleSubmit(send))}>
      <Honeypot ref={honeypot.ref} idPrefix="guide" />
      <TextField
        id="guide-name"
        label={gate?.nameLabel}
        placeholder={gate?.namePlaceholder}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="guide-email"
        type="email"
        label={gate?.emailLabel}
        placeholder={gate?.emailPlaceholder}
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="guide-phone"
        type="tel"
        label={gate?.phoneLabel}
        placeholder={gate?.phonePlaceholder}
        autoComplete="tel"
        required
        error={errors.phone?.message}
        {...register('phone')}
      />
      <FormButton busy={sending} busyLabel="Unlocking..." fullWidth>
        Unlock Guide
      </FormButton>
    </Form>
  )
}

export default GateForm

const Form = styled.form`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`
