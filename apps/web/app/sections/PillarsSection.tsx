import { CircleCheck } from 'lucide-react'
import styled from 'styled-components'
import { Icon } from '../components/Icon'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import { SectionLink } from './SectionLink'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** The offer's pillars side by side, each with its label, promise and what it includes. */
export function PillarsSection({ section, isPageHeading }: SectionProps<'pillarsSection'>) {
  const { pillars, link } = section
  const PillarTitle = headingLevels(isPageHeading).item
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="alt">
      <Grid>
        {pillars.map((pillar) => (
          <Pillar key={pillar._key}>
            <PillarHeader>
              {pillar.icon && (
                <IconBadge>
                  <Icon name={pillar.icon} size={26} />
                </IconBadge>
              )}
              {pillar.label && <Label>{pillar.label}</Label>}
            </PillarHeader>
            <Title as={PillarTitle}>{pillar.title}</Title>
            {pillar.description && <Description>{pillar.description}</Description>}
            {pillar.features && pillar.features.length > 0 && (
              <Features>
                {pillar.features.map((feature) => (
                  <li key={feature}>
                    <CircleCheck aria-hidden="true" size={18} />
                    <span>{feature}</span>
                  </li>
                ))}
              </Features>
            )}
          </Pillar>
        ))}
      </Grid>
      <SectionLink link={link} />
    </SectionShell>
  )
}

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.md} { grid-template-columns: repeat(3, 1fr); }
`

const Pillar = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  padding-top: calc(${({ theme }) => theme.space.xl} + 4px);
  overflow: hidden;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  &::before {
    content: '';
    position: absolute;
    inset: 0 0 auto;
    height: 4px;
    background: linear-gradient(90deg, ${({ theme }) => theme.color.brand}, ${({ theme }) => theme.color.accent});
  }
`

const PillarHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`

const IconBadge = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3.25rem;
  height: 3.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.navy};
  color: ${({ theme }) => theme.color.onDark};
`

const Label = styled.p`
  padding: 0.25rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brandHover};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.h3};
`

const Description = styled.p`
  color: ${({ theme }) => theme.color.muted};
`

const Features = styled.ul`
  display: grid;
  gap: 0.625rem;
  margin: auto 0 0;
  padding: ${({ theme }) => theme.space.lg} 0 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 500;
  color: ${({ theme }) => theme.color.ink};
  li { display: flex; gap: 0.625rem; align-items: flex-start; }
  svg { flex: none; margin-top: 0.125rem; color: ${({ theme }) => theme.color.accent}; }
`
