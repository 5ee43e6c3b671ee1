import { CircleCheck, CircleX } from 'lucide-react'
import styled, { css } from 'styled-components'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import { SectionLink } from './SectionLink'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

type Side = 'challenge' | 'solution'

/** The visitor's problems set against how the offer solves them, in two contrasting columns. */
export function ChallengeSolutionSection({ section, isPageHeading }: SectionProps<'challengeSolutionSection'>) {
  const { challengeTitle, challenges, solutionTitle, solutions, link } = section
  const columnHeading = headingLevels(isPageHeading).item
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="light">
      <Columns>
        <Column side="challenge" title={challengeTitle} points={challenges} headingLevel={columnHeading} />
        <Column side="solution" title={solutionTitle} points={solutions} headingLevel={columnHeading} />
      </Columns>
      <SectionLink link={link} />
    </SectionShell>
  )
}

function Column({
  side,
  title,
  points,
  headingLevel,
}: {
  side: Side
  title?: string
  points: string[]
  headingLevel: 'h2' | 'h3'
}) {
  const Mark = side === 'challenge' ? CircleX : CircleCheck
  return (
    <Panel $side={side}>
      {title && (
        <PanelTitle as={headingLevel} $side={side}>
          {title}
        </PanelTitle>
      )}
      <Points $side={side}>
        {points.map((point) => (
          <li key={point}>
            <Mark aria-hidden="true" size={22} />
            <span>{point}</span>
          </li>
        ))}
      </Points>
    </Panel>
  )
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} { grid-template-columns: repeat(2, 1fr); gap: ${({ theme }) => theme.space.xl}; }
`

const Panel = styled.div<{ $side: Side }>`
  padding: clamp(1.5rem, 1rem + 2vw, 2.5rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  ${({ theme, $side }) =>
    $side === 'challenge'
      ? css`
          background: ${theme.color.surfaceAlt};
          border: 1px solid ${theme.color.border};
        `
      : css`
          background: ${theme.color.navy};
          color: ${theme.color.onDarkMuted};
          box-shadow: ${theme.shadow.lg};
        `}
`

const PanelTitle = styled.h3<{ $side: Side }>`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSize.xl};
  color: ${({ theme, $side }) => ($side === 'challenge' ? theme.color.ink : theme.color.onDark)};
`

const Points = styled.ul<{ $side: Side }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: flex; gap: 0.75rem; align-items: flex-start; }
  svg {
    flex: none;
    margin-top: 0.0625rem;
    color: ${({ theme, $side }) => ($side === 'challenge' ? theme.color.danger : '#6ee7b7')};
  }
  span { color: ${({ theme, $side }) => ($side === 'challenge' ? theme.color.text : theme.color.onDark)}; }
`
