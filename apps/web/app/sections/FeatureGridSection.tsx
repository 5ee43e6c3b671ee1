import { ArrowRight, Check } from 'lucide-react'
import styled, { css } from 'styled-components'
import { Icon } from '../components/Icon'
import { SmartLink } from '../components/SmartLink'
import type { SectionOf } from '../content/types'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

type FeatureGrid = SectionOf<'featureGridSection'>
type Variant = NonNullable<FeatureGrid['variant']>
type Columns = NonNullable<FeatureGrid['columns']>
type Card = NonNullable<FeatureGrid['items']>[number]

/** A grid of feature cards: full cards, compact icon rows, or numbered cards whose bullets read as steps. */
export function FeatureGridSection({ section, isPageHeading }: SectionProps<'featureGridSection'>) {
  const { items, variant, columns } = section
  const cardHeading = headingLevels(isPageHeading).item
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone={variant === 'cards' ? 'light' : 'alt'}>
      <Grid $columns={columns}>
        {items.map((card, index) => (
          <FeatureCard key={card._key} card={card} variant={variant} number={index + 1} headingLevel={cardHeading} />
        ))}
      </Grid>
    </SectionShell>
  )
}

function FeatureCard({
  card,
  variant,
  number,
  headingLevel,
}: {
  card: Card
  variant: Variant
  number: number
  headingLevel: 'h2' | 'h3'
}) {
  const features = card.features ?? []
  const Features = variant === 'numbered' ? NumberedFeatures : CheckedFeatures
  return (
    <CardItem $variant={variant}>
      <CardTop $variant={variant}>
        {variant === 'numbered' && <CardNumber aria-hidden="true">{String(number).padStart(2, '0')}</CardNumber>}
        {card.icon && (
          <IconBadge $variant={variant}>
            <Icon name={card.icon} size={variant === 'compact' ? 20 : 24} />
          </IconBadge>
        )}
      </CardTop>
      <CardBody>
        <Title as={headingLevel} $variant={variant}>
          {card.title}
        </Title>
        {card.description && <Description>{card.description}</Description>}
        {features.length > 0 && (
          <Features>
            {features.map((feature) => (
              <li key={feature}>
                {variant !== 'numbered' && <Check aria-hidden="true" size={16} strokeWidth={2.5} />}
                <span>{feature}</span>
              </li>
            ))}
          </Features>
        )}
        {card.link?.href && (
          <CardLink href={card.link.href} openInNewTab={card.link.openInNewTab}>
            {card.link.label}
            <ArrowRight aria-hidden="true" size={16} />
          </CardLink>
        )}
      </CardBody>
    </CardItem>
  )
}

const columnRules: Record<Columns, ReturnType<typeof css>> = {
  2: css`${media.sm} { grid-template-columns: repeat(2, 1fr); }`,
  3: css`
    ${media.sm} { grid-template-columns: repeat(2, 1fr); }
    ${media.md} { grid-template-columns: repeat(3, 1fr); }
  `,
  4: css`
    ${media.sm} { grid-template-columns: repeat(2, 1fr); }
    ${media.lg} { grid-template-columns: repeat(4, 1fr); }
  `,
}

const Grid = styled.ul<{ $columns: Columns }>`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ $columns }) => columnRules[$columns]}
`

const CardItem = styled.li<{ $variant: Variant }>`
  display: flex;
  flex-direction: ${({ $variant }) => ($variant === 'compact' ? 'row' : 'column')};
  gap: ${({ theme, $variant }) => ($variant === 'compact' ? theme.space.md : theme.space.lg)};
  padding: ${({ theme, $variant }) => ($variant === 'compact' ? theme.space.lg : theme.space.xl)};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme, $variant }) => ($variant === 'compact' ? 'none' : theme.shadow.sm)};
  transition: box-shadow 0.2s ease, border-color 0.2s ease;
  ${({ $variant, theme }) =>
    $variant === 'numbered' &&
    css`
      position: relative;
      overflow: hidden;
      &::before {
        content: '';
        position: absolute;
        inset: 0 0 auto;
        height: 4px;
        background: ${theme.color.brand};
      }
    `}
  &:hover { box-shadow: ${({ theme }) => theme.shadow.md}; }
`

const CardTop = styled.div<{ $variant: Variant }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex: none;
  ${({ $variant }) => $variant === 'compact' && css`align-self: flex-start;`}
`

const CardNumber = styled.span`
  font-size: 2.25rem;
  font-weight: 800;
  line-height: 1;
  letter-spacing: -0.03em;
  color: ${({ theme }) => theme.color.brand};
  font-variant-numeric: tabular-nums;
`

const IconBadge = styled.span<{ $variant: Variant }>`
  display: inline-grid;
  place-items: center;
  width: ${({ $variant }) => ($variant === 'compact' ? '2.5rem' : '3rem')};
  height: ${({ $variant }) => ($variant === 'compact' ? '2.5rem' : '3rem')};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brand};
`

const CardBody = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`

const Title = styled.h3<{ $variant: Variant }>`
  font-size: ${({ theme, $variant }) => ($variant === 'compact' ? theme.fontSize.md : theme.fontSize.lg)};
  font-weight: 700;
  line-height: 1.3;
`

const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.muted};
`

const featureListBase = css`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: ${({ theme }) => theme.space.md} 0 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.text};
  li { display: flex; gap: 0.5rem; align-items: flex-start; }
`

const CheckedFeatures = styled.ul`
  ${featureListBase}
  svg { flex: none; margin-top: 0.25rem; color: ${({ theme }) => theme.color.accent}; }
`

const NumberedFeatures = styled.ol`
  ${featureListBase}
  counter-reset: feature;
  li { counter-increment: feature; }
  li::before {
    content: counter(feature);
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 1.375rem;
    height: 1.375rem;
    margin-top: 0.0625rem;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.brandSoft};
    color: ${({ theme }) => theme.color.brand};
    font-size: 0.75rem;
    font-weight: 700;
  }
`

const CardLink = styled(SmartLink)`
  align-self: flex-start;
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  text-decoration: none;
  color: ${({ theme }) => theme.color.brand};
  svg {
    display: inline-block;
    margin-left: 0.375rem;
    vertical-align: -0.2em;
    transition: transform 0.15s ease;
  }
  &:hover { text-decoration: underline; }
  &:hover svg { transform: translateX(3px); }
`
