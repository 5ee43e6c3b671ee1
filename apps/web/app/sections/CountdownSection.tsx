import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { Container } from '../components/Container'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Milliseconds left until `target` (an ISO date-time), never negative; 0 when unknown or passed. */
export function remainingUntil(target: string | null | undefined, now: number): number {
  const end = target ? Date.parse(target) : Number.NaN
  return Number.isNaN(end) ? 0 : Math.max(0, end - now)
}

/**
 * Ticks every second until the target. Server and first client render both show zeros, so the
 * prerendered HTML always hydrates cleanly; the real value arrives in the effect.
 */
function useRemaining(target: string | null | undefined): number {
  const [remaining, setRemaining] = useState(0)
  useEffect(() => {
    const update = () => {
      const left = remainingUntil(target, Date.now())
      setRemaining(left)
      return left
    }
    if (update() === 0) return
    const timer = setInterval(() => {
      if (update() === 0) clearInterval(timer)
    }, SECOND)
    return () => clearInterval(timer)
  }, [target])
  return remaining
}

/** The giveaway banner: time left until `settings.giveawayEndsAt`, in days, hours, minutes and seconds. */
export function CountdownSection({ section, settings, isPageHeading }: SectionProps<'countdownSection'>) {
  const { heading, text, anchor } = section
  const remaining = useRemaining(settings.giveawayEndsAt)
  const units = [
    { label: section.daysLabel, value: Math.floor(remaining / DAY) },
    { label: section.hoursLabel, value: Math.floor((remaining % DAY) / HOUR) },
    { label: section.minutesLabel, value: Math.floor((remaining % HOUR) / MINUTE) },
    { label: section.secondsLabel, value: Math.floor((remaining % MINUTE) / SECOND) },
  ]
  const Heading = headingLevels(isPageHeading).section
  return (
    <Banner id={anchor ?? undefined}>
      <Inner>
        <Copy>
          {heading && <Title as={Heading}>{heading}</Title>}
          {text && <p>{text}</p>}
        </Copy>
        {/* A timer is not announced as it ticks; the hidden summary is what a screen reader reads. */}
        <div role="timer" aria-live="off" aria-atomic="true">
          <span className="visually-hidden">
            {units.map((unit) => `${unit.value} ${unit.label}`.trim()).join(', ')}
          </span>
          <Units aria-hidden="true">
            {units.map((unit, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of four units that never reorders
              <Unit key={index}>
                <Digits>{String(unit.value).padStart(2, '0')}</Digits>
                <Label>{unit.label}</Label>
              </Unit>
            ))}
          </Units>
        </div>
      </Inner>
    </Banner>
  )
}

const Banner = styled.section`
  padding-block: clamp(1.5rem, 1.25rem + 1.5vw, 2.25rem);
  color: ${({ theme }) => theme.color.onDark};
  background: linear-gradient(100deg, ${({ theme }) => theme.color.brandHover}, ${({ theme }) => theme.color.brand} 60%, #2563eb);
`

const Inner = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  justify-items: center;
  text-align: center;
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    justify-items: start;
    text-align: left;
  }
`

const Copy = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  p { color: rgba(255, 255, 255, 0.9); }
`

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.xl};
  color: ${({ theme }) => theme.color.onDark};
`

const Units = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 4.75rem));
  gap: ${({ theme }) => theme.space.sm};
  ${media.sm} { gap: ${({ theme }) => theme.space.md}; grid-template-columns: repeat(4, 5.5rem); }
`

const Unit = styled.div`
  display: grid;
  justify-items: center;
  padding: 0.625rem 0.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(255, 255, 255, 0.12);
  border: 1px solid rgba(255, 255, 255, 0.22);
`

const Digits = styled.span`
  font-size: clamp(1.625rem, 1.3rem + 1.4vw, 2.25rem);
  font-weight: 700;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
`

const Label = styled.span`
  max-width: 100%;
  font-size: 0.6875rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  overflow-wrap: anywhere;
  ${media.sm} { font-size: 0.75rem; letter-spacing: 0.06em; }
  text-transform: uppercase;
  color: rgba(255, 255, 255, 0.9);
`
