import { Check } from 'lucide-react'
import styled, { css } from 'styled-components'
import { Icon } from '../components/Icon'
import type { SectionOf } from '../content/types'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import { SectionLink } from './SectionLink'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

type Steps = SectionOf<'stepsSection'>
type Variant = NonNullable<Steps['variant']>
type Step = NonNullable<Steps['steps']>[number]

/**
 * A numbered process. One ordered list, laid out by variant: a timeline (vertical on phones,
 * horizontal from md up), a grid of cards, or a plain vertical list.
 */
export function StepsSection({ section, isPageHeading }: SectionProps<'stepsSection'>) {
  const { eyebrow, heading, intro, steps, link, anchor, variant } = section
  const stepHeading = headingLevels(isPageHeading).item
  return (
    <SectionShell
      anchor={anchor}
      tone={variant === 'timeline' ? 'alt' : 'light'}
      eyebrow={eyebrow}
      heading={heading}
      intro={intro}
      isPageHeading={isPageHeading}
    >
      <StepList $variant={variant} $count={steps.length}>
        {steps.map((step, index) => (
          <StepItem key={step._key} $variant={variant}>
            <Marker aria-hidden="true" $variant={variant}>
              {variant === 'timeline' && step.icon ? <Icon name={step.icon} size={22} /> : index + 1}
            </Marker>
            <StepBody $variant={variant}>
              {variant === 'cards' && step.icon && (
                <CardIcon>
                  <Icon name={step.icon} size={24} />
                </CardIcon>
              )}
              <StepContent step={step} headingLevel={stepHeading} />
            </StepBody>
          </StepItem>
        ))}
      </StepList>
      <SectionLink link={link} />
    </SectionShell>
  )
}

function StepContent({ step, headingLevel }: { step: Step; headingLevel: 'h2' | 'h3' }) {
  return (
    <>
      {step.label && <Label>{step.label}</Label>}
      <Title as={headingLevel}>{step.title}</Title>
      {step.description && <Description>{step.description}</Description>}
      {step.points && step.points.length > 0 && (
        <Points>
          {step.points.map((point) => (
            <li key={point}>
              <Check aria-hidden="true" size={16} strokeWidth={2.5} />
              <span>{point}</span>
            </li>
          ))}
        </Points>
      )}
    </>
  )
}

const MARKER = '3rem'
const TIMELINE_GAP = '1.5rem'

/** The connector from a timeline marker to the next one: down on phones, across from md up. */
const timelineConnector = css`
  content: '';
  position: absolute;
  background: linear-gradient(180deg, ${({ theme }) => theme.color.brand}, rgba(29, 78, 216, 0.25));
`

const timelineLayout = (count: number) => css`
  ${media.md} {
    grid-template-columns: repeat(${count > 4 ? 3 : count}, minmax(0, 1fr));
    column-gap: ${TIMELINE_GAP};
    row-gap: ${({ theme }) => theme.space.xxl};
  }
  ${
    count > 4 &&
    css`
    ${media.lg} { grid-template-columns: repeat(${count}, minmax(0, 1fr)); }
  `
  }
`

const cardsLayout = (count: number) => css`
  gap: ${({ theme }) => theme.space.lg};
  ${media.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${
    count % 3 === 0 && count <= 6
      ? css`
        ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
      `
      : css`
        ${media.lg} { grid-template-columns: repeat(4, minmax(0, 1fr)); }
      `
  }
`

const StepList = styled.ol<{ $variant: Variant; $count: number }>`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ $variant, $count }) =>
    $variant === 'timeline'
      ? timelineLayout($count)
      : $variant === 'cards'
        ? cardsLayout($count)
        : css`
            max-width: 48rem;
            margin-inline: auto;
          `}

  /* Horizontal connectors: none after the last step of a row. */
  ${({ $variant, $count }) =>
    $variant === 'timeline' &&
    css`
      ${media.md} {
        > li:not(:last-child)::before {
          ${timelineConnector}
          top: calc(${MARKER} / 2 - 1px);
          left: 50%;
          width: calc(100% + ${TIMELINE_GAP});
          height: 2px;
          background: linear-gradient(90deg, ${({ theme }) => theme.color.brand}, rgba(29, 78, 216, 0.25));
        }
        ${$count > 4 && css`> li:nth-child(3n)::before { display: none; }`}
      }
      ${
        $count > 4 &&
        css`
        ${media.lg} { > li:nth-child(3n):not(:last-child)::before { display: block; } }
      `
      }
    `}
`

const StepItem = styled.li<{ $variant: Variant }>`
  position: relative;
  ${({ theme, $variant }) => {
    switch ($variant) {
      case 'timeline':
        return css`
          display: grid;
          grid-template-columns: ${MARKER} minmax(0, 1fr);
          gap: ${theme.space.md} ${theme.space.lg};
          align-content: start;
          padding-bottom: ${theme.space.xl};
          &:last-child { padding-bottom: 0; }
          &:not(:last-child)::before {
            ${timelineConnector}
            top: ${MARKER};
            bottom: 0;
            left: calc(${MARKER} / 2 - 1px);
            width: 2px;
          }
          ${media.md} {
            grid-template-columns: minmax(0, 1fr);
            justify-items: center;
            padding-bottom: 0;
            text-align: center;
          }
        `
      case 'cards':
        return css`
          display: flex;
          flex-direction: column;
          padding: ${theme.space.xl};
          border: 1px solid ${theme.color.border};
          border-radius: ${theme.radius.lg};
          background: ${theme.color.surface};
          box-shadow: ${theme.shadow.sm};
        `
      case 'list':
        return css`
          display: grid;
          grid-template-columns: ${MARKER} minmax(0, 1fr);
          gap: ${theme.space.lg};
          padding-block: ${theme.space.lg};
          border-bottom: 1px solid ${theme.color.border};
          &:first-child { padding-top: 0; }
          &:last-child { border-bottom: 0; padding-bottom: 0; }
        `
    }
  }}
`

const Marker = styled.span<{ $variant: Variant }>`
  position: relative;
  z-index: 1;
  display: inline-grid;
  place-items: center;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  ${({ theme, $variant }) => {
    switch ($variant) {
      case 'timeline':
        return css`
          width: ${MARKER};
          height: ${MARKER};
          border-radius: ${theme.radius.pill};
          background: ${theme.color.brand};
          color: ${theme.color.onDark};
          box-shadow: 0 0 0 6px ${theme.color.surfaceAlt};
        `
      case 'cards':
        return css`
          position: absolute;
          top: ${theme.space.lg};
          right: ${theme.space.xl};
          font-size: 3rem;
          line-height: 1;
          letter-spacing: -0.04em;
          color: rgba(29, 78, 216, 0.14);
        `
      case 'list':
        return css`
          width: ${MARKER};
          height: ${MARKER};
          border: 2px solid ${theme.color.brand};
          border-radius: ${theme.radius.pill};
          color: ${theme.color.brand};
          font-size: ${theme.fontSize.md};
        `
    }
  }}
`

const StepBody = styled.div<{ $variant: Variant }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  ${({ $variant }) =>
    $variant === 'timeline' &&
    css`
      padding-top: 0.625rem;
      ${media.md} { align-items: center; padding-top: 0; }
    `}
`

const CardIcon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brand};
  color: ${({ theme }) => theme.color.onDark};
`

const Label = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.brand};
`

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.lg};
  line-height: 1.3;
`

const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.muted};
`

const Points = styled.ul`
  display: grid;
  gap: 0.375rem;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: ${({ theme }) => theme.space.md} 0 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 500;
  color: ${({ theme }) => theme.color.ink};
  li { display: flex; gap: 0.5rem; align-items: flex-start; text-align: left; }
  svg { flex: none; margin-top: 0.25rem; color: ${({ theme }) => theme.color.accent}; }
`
