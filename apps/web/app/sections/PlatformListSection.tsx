import styled from 'styled-components'
import { Icon } from '../components/Icon'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** The advertising platforms used, each with what it is good for and the ad formats run there. */
export function PlatformListSection({ section, isPageHeading }: SectionProps<'platformListSection'>) {
  const { platforms } = section
  const PlatformName = headingLevels(isPageHeading).item
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="alt">
      <Grid>
        {platforms.map((platform) => (
          <Card key={platform._key}>
            <CardHeader>
              {platform.icon && (
                <IconBadge>
                  <Icon name={platform.icon} size={26} />
                </IconBadge>
              )}
              <Name as={PlatformName}>{platform.name}</Name>
            </CardHeader>
            {platform.description && <Description>{platform.description}</Description>}
            {platform.formats && platform.formats.length > 0 && (
              <Formats>
                {platform.formats.map((format) => (
                  <li key={format}>{format}</li>
                ))}
              </Formats>
            )}
          </Card>
        ))}
      </Grid>
    </SectionShell>
  )
}

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`

const CardHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`

const IconBadge = styled.span`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: 3.25rem;
  height: 3.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: linear-gradient(135deg, ${({ theme }) => theme.color.brand}, ${({ theme }) => theme.color.navy});
  color: ${({ theme }) => theme.color.onDark};
`

const Name = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.xl};
`

const Description = styled.p`
  color: ${({ theme }) => theme.color.muted};
`

const Formats = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: auto 0 0;
  padding: ${({ theme }) => theme.space.sm} 0 0;
  list-style: none;
  li {
    padding: 0.3rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.color.brandSoft};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.brandSoft};
    color: ${({ theme }) => theme.color.brandHover};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: 600;
  }
`
