import { Mail } from 'lucide-react'
import type { FormEvent } from 'react'
import styled from 'styled-components'
import { Button } from '../components/Button'
import { Container } from '../components/Container'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { Band } from './SectionShell'

/** The "Stay Updated" box. Subscribing is not connected to anything yet (SPEC section 7): no call, no message. */
export function NewsletterSection({ section, isPageHeading }: SectionProps<'newsletterSection'>) {
  const { heading, text, emailLabel, emailPlaceholder, submitLabel, note, anchor } = section
  const Heading = headingLevels(isPageHeading).section
  const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault()
  return (
    <Band id={anchor ?? undefined} $tone="light">
      <Container>
        <Box>
          <IconBubble aria-hidden="true">
            <Mail focusable="false" size={26} />
          </IconBubble>
          <Copy>
            {heading && <Heading>{heading}</Heading>}
            {text && <p>{text}</p>}
          </Copy>
          <Form onSubmit={ignoreSubmit} noValidate>
            <Field>
              <label htmlFor="newsletter-email">{emailLabel}</label>
              <input
                id="newsletter-email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder={emailPlaceholder}
              />
            </Field>
            <SubscribeButton type="submit" $size="lg">
              {submitLabel}
            </SubscribeButton>
            {note && <Note>{note}</Note>}
          </Form>
        </Box>
      </Container>
    </Band>
  )
}

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: clamp(1.5rem, 1rem + 3vw, 3rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  background:
    radial-gradient(36rem 18rem at 100% 0%, rgba(29, 78, 216, 0.55), transparent 65%),
    ${({ theme }) => theme.color.navy};
  color: ${({ theme }) => theme.color.onDarkMuted};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  ${media.md} {
    grid-template-columns: auto minmax(0, 1fr) minmax(0, 1.1fr);
    align-items: center;
    gap: ${({ theme }) => theme.space.xl};
  }
`

const IconBubble = styled.span`
  display: grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(255, 255, 255, 0.1);
  color: #8fb3ff;
`

const Copy = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  h1, h2 { font-size: ${({ theme }) => theme.fontSize.h3}; color: ${({ theme }) => theme.color.onDark}; }
`

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  ${media.sm} { grid-template-columns: minmax(0, 1fr) auto; align-items: end; }
`

const Field = styled.div`
  display: grid;
  gap: 0.375rem;
  min-width: 0;
  label { font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; color: ${({ theme }) => theme.color.onDark}; }
  input {
    width: 100%;
    min-height: 3.25rem;
    padding: 0.625rem 0.875rem;
    border: 1px solid rgba(255, 255, 255, 0.55);
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.ink};
    &::placeholder { color: ${({ theme }) => theme.color.muted}; opacity: 1; }
    &:focus-visible { outline: 3px solid #8fb3ff; outline-offset: 2px; }
  }
`

const SubscribeButton = styled(Button)`
  &:focus-visible { outline-color: #8fb3ff; }
`

const Note = styled.p`
  grid-column: 1 / -1;
  font-size: ${({ theme }) => theme.fontSize.xs};
`
