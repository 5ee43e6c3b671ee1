import { CheckCircle2 } from 'lucide-react'
import styled, { css } from 'styled-components'
import { ActionButtons } from '../components/ActionButtons'
import { Container } from '../components/Container'
import { media } from '../theme/theme'
import { DashboardFigure } from './dashboard/DashboardFigure'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { Band, Eyebrow } from './SectionShell'

/** A product showcase: copy and buttons beside an illustrative dashboard; `reverse` puts the dashboard first on desktop. */
export function DashboardSection({ section, isPageHeading }: SectionProps<'dashboardSection'>) {
  const { eyebrow, heading, text, points, actions, dashboard, anchor } = section
  const reverse = Boolean(section.reverse)
  const Heading = headingLevels(isPageHeading).section
  return (
    // Alternating showcases alternate their band too, so consecutive ones stay distinct.
    <Band id={anchor ?? undefined} $tone={reverse ? 'alt' : 'light'}>
      <Container>
        <Layout $reverse={reverse}>
          <Copy>
            {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
            {heading && <Title as={Heading}>{heading}</Title>}
            {text && <Lead>{text}</Lead>}
            {points && points.length > 0 && (
              <Points>
                {points.map((point, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: plain strings with no key of their own; duplicates allowed
                  <li key={`${index}-${point}`}>
                    <CheckCircle2 aria-hidden size={20} />
                    {point}
                  </li>
                ))}
              </Points>
            )}
            {actions && actions.length > 0 && (
              <Actions>
                <ActionButtons actions={actions} surface="light" />
              </Actions>
            )}
          </Copy>
          {dashboard && <DashboardFigure dashboard={dashboard} />}
        </Layout>
      </Container>
    </Band>
  )
}

const Layout = styled.div<{ $reverse: boolean }>`
  display: grid;
  gap: clamp(2rem, 1.5rem + 3vw, 4rem);
  align-items: center;
  ${media.md} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
    ${({ $reverse }) =>
      $reverse &&
      css`
        grid-template-columns: minmax(0, 6fr) minmax(0, 5fr);
        > :first-child { order: 2; }
      `}
  }
`

const Copy = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
`

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.h2};
`

const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSize.lg};
  line-height: 1.6;
`

const Points = styled.ul`
  display: grid;
  gap: 0.625rem;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.625rem;
    align-items: start;
    color: ${({ theme }) => theme.color.ink};
    font-weight: 500;
  }
  svg { color: ${({ theme }) => theme.color.accent}; margin-top: 0.15em; }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.sm};
`
