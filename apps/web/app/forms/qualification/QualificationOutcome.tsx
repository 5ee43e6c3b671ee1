import { CheckCircle2, HeartHandshake, Phone } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import styled, { css } from 'styled-components'
import { ButtonLink } from '../../components/Button'

interface OutcomeProps {
  kind: 'success' | 'disqualified'
  headingLevel: 'h2' | 'h3'
  heading: string
  text: string | undefined
  websiteLabel: string | undefined
  phone?: { caption: string | undefined; number: string }
}

/**
 * The end of the questionnaire: "You're All Set!" or the disqualified message. Its heading takes focus
 * when it appears, so keyboard and screen-reader users land on the outcome.
 */
export function QualificationOutcome({ kind, headingLevel, heading, text, websiteLabel, phone }: OutcomeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <Outcome>
      <Badge $kind={kind} aria-hidden="true">
        {kind === 'success' ? <CheckCircle2 size={32} /> : <HeartHandshake size={32} />}
      </Badge>
      <Heading as={headingLevel} ref={headingRef} tabIndex={-1}>
        {heading}
      </Heading>
      {text && <Text>{text}</Text>}
      {websiteLabel && (
        <ButtonLink href="/" $size="lg">
          {websiteLabel}
        </ButtonLink>
      )}
      {phone?.number && <PhoneContact caption={phone.caption} number={phone.number} />}
    </Outcome>
  )
}

function PhoneContact({ caption, number }: { caption: string | undefined; number: string }): ReactNode {
  return (
    <PhoneLine>
      <Phone aria-hidden="true" focusable="false" size={18} />
      {caption && <>{caption} </>}
      <a href={`tel:${number.replace(/[^\d+]/g, '')}`}>{number}</a>
    </PhoneLine>
  )
}

const Outcome = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.lg};
  text-align: center;
  padding-block: ${({ theme }) => theme.space.md};
`

const Badge = styled.div<{ $kind: OutcomeProps['kind'] }>`
  display: grid;
  place-items: center;
  width: 4rem;
  height: 4rem;
  border-radius: 50%;
  ${({ theme, $kind }) =>
    $kind === 'success'
      ? css`background: ${theme.color.accentSoft}; color: ${theme.color.accent};`
      : css`background: ${theme.color.brandSoft}; color: ${theme.color.brand};`}
`

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.h3};
  /* Focusing it scrolls it into view: keep it, and the badge above it, clear of the sticky header. */
  scroll-margin-top: 10rem;
`

const Text = styled.p`
  max-width: 34rem;
  font-size: ${({ theme }) => theme.fontSize.md};
`

const PhoneLine = styled.p`
  max-width: 34rem;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.muted};
  svg {
    display: inline-block;
    margin-right: 0.375rem;
    vertical-align: -0.2em;
    color: ${({ theme }) => theme.color.brand};
  }
  a { font-weight: 600; white-space: nowrap; }
`
