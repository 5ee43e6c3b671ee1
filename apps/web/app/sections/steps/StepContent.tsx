import { Check } from 'lucide-react'
import styled from 'styled-components'
import type { SectionOf } from '../../content/types'

export type Step = SectionOf<'stepsSection'>['steps'][number]

/** What every steps layout receives: the steps, and the level of each step's heading. */
export interface StepsLayoutProps {
  steps: Step[]
  headingLevel: 'h2' | 'h3'
}

/** The size of a round step marker (timeline and list). */
export const MARKER = '3rem'

/** The ordered list every layout lays out its own way. */
export const StepList = styled.ol`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
`

/** A step's number or icon, drawn by each layout. */
export const StepMarker = styled.span`
  position: relative;
  z-index: 1;
  display: inline-grid;
  place-items: center;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`

export const StepBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`

/** A step's label, title, description and points, the same in every layout. */
export function StepContent({ step, headingLevel }: { step: Step; headingLevel: 'h2' | 'h3' }) {
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
