import { type FormEvent, useRef, useState } from 'react'
import styled from 'styled-components'
import type { SectionOf } from '../../content/types'
import { TextField } from '../shared/Field'
import { FormButton } from '../shared/FormButton'
import { notify } from '../shared/toast'

type OfferField = 'name' | 'email'

/**
 * The sales-guide order form (SPEC sections 4, 5, 8): name and e-mail are required; payment is not
 * implemented yet, so a complete form only says so. Nothing is sent.
 */
export function GuideOfferForm({ copy }: { copy: SectionOf<'guideOfferSection'> }) {
  const [missing, setMissing] = useState<ReadonlySet<OfferField>>(new Set())
  const nameRef = useRef<HTMLInputElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const name = String(data.get('name') ?? '').trim()
    const email = String(data.get('email') ?? '').trim()
    const empty = new Set<OfferField>()
    if (!name) empty.add('name')
    if (!email) empty.add('email')
    setMissing(empty)
    if (empty.size > 0) {
      notify.error('Missing Information', 'Please enter your name and email address.')
      const firstMissing = empty.has('name') ? nameRef : emailRef
      firstMissing.current?.focus()
      return
    }
    notify.info('Almost There!', `Payment processing will be integrated soon. We'll contact you at ${email}`)
  }

  const clearMissing = (field: OfferField) => () => {
    if (missing.has(field)) setMissing(new Set([...missing].filter((other) => other !== field)))
  }

  return (
    <Form noValidate onSubmit={submit}>
      <TextField
        ref={nameRef}
        id="offer-name"
        name="name"
        label={copy.nameLabel}
        autoComplete="name"
        required
        invalid={missing.has('name')}
        onChange={clearMissing('name')}
      />
      <TextField
        ref={emailRef}
        id="offer-email"
        name="email"
        type="email"
        label={copy.emailLabel}
        autoComplete="email"
        required
        invalid={missing.has('email')}
        onChange={clearMissing('email')}
      />
      <FormButton fullWidth>{copy.submitLabel}</FormButton>
    </Form>
  )
}

export default GuideOfferForm

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`
