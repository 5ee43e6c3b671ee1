import styled, { css } from 'styled-components'
import { media } from '../theme/theme'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** A row of headline numbers on a dark band, each with what it measures and a line of context. */
export function StatsSection({ section, isPageHeading }: SectionProps<'statsSection'>) {
  const { stats } = section
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="dark">
      <Grid $count={stats.length}>
        {stats.map((stat) => (
          <Stat key={stat._key}>
            <Value>{stat.value}</Value>
            <Label>{stat.label}</Label>
            {stat.description && <Description>{stat.description}</Description>}
          </Stat>
        ))}
      </Grid>
    </SectionShell>
  )
}

const Grid = styled.ul<{ $count: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.sm} { grid-template-columns: repeat(2, 1fr); }
  ${({ $count }) =>
    $count === 3 &&
    css`
      ${media.md} { grid-template-columns: repeat(3, 1fr); }
    `}
  ${({ $count }) =>
    $count >= 4 &&
    css`
      ${media.lg} { grid-template-columns: repeat(4, 1fr); }
    `}
`

const Stat = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid rgba(255, 255, 255, 0.1);
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(160deg, rgba(29, 78, 216, 0.22), rgba(255, 255, 255, 0.03) 60%);
  text-align: center;
`

const Value = styled.p`
  font-size: clamp(2.5rem, 2rem + 2vw, 3.5rem);
  font-weight: 800;
  line-height: 1.05;
  letter-spacing: -0.03em;
  color: ${({ theme }) => theme.color.onDark};
  font-variant-numeric: tabular-nums;
`

const Label = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: #6ee7b7;
`

const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.onDarkMuted};
`
