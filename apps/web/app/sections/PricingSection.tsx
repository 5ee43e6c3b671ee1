import { Check, ShieldCheck } from 'lucide-react'
import styled from 'styled-components'
import { ButtonLink } from '../components/Button'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** One plan's price card: the price (and the crossed-out price it replaces), what it includes and how to buy. */
export function PricingSection({ section, isPageHeading }: SectionProps<'pricingSection'>) {
  const { planName, price, originalPrice, priceNote, features, guarantee, action, footnote } = section
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="alt">
      <Card>
        <Summary>
          {planName && <PlanName as={headingLevels(isPageHeading).item}>{planName}</PlanName>}
          <PriceLine>
            {originalPrice && <OriginalPrice>{originalPrice}</OriginalPrice>}
            {price && <Price>{price}</Price>}
            {priceNote && <PriceNote>{priceNote}</PriceNote>}
          </PriceLine>
          {action?.href && (
            <ButtonLink
              href={action.href}
              openInNewTab={action.openInNewTab}
              $variant={action.style ?? 'primary'}
              $size="lg"
            >
              {action.label}
            </ButtonLink>
          )}
          {footnote && <Footnote>{footnote}</Footnote>}
        </Summary>
        <Details>
          {features && features.length > 0 && (
            <Features>
              {features.map((feature) => (
                <li key={feature}>
                  <CheckMark>
                    <Check aria-hidden="true" size={14} strokeWidth={3} />
                  </CheckMark>
                  <span>{feature}</span>
                </li>
              ))}
            </Features>
          )}
          {guarantee && (
            <Guarantee>
              <ShieldCheck aria-hidden="true" size={24} />
              <p>{guarantee}</p>
            </Guarantee>
          )}
        </Details>
      </Card>
    </SectionShell>
  )
}

const Card = styled.div`
  display: grid;
  max-width: 62rem;
  margin-inline: auto;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  ${media.md} { grid-template-columns: minmax(0, 5fr) minmax(0, 7fr); }
`

const Summary = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.lg};
  padding: clamp(1.5rem, 1rem + 2.5vw, 2.75rem);
  background:
    radial-gradient(24rem 14rem at 100% 0%, rgba(37, 99, 235, 0.35), transparent 70%),
    ${({ theme }) => theme.color.navy};
  color: ${({ theme }) => theme.color.onDarkMuted};
  h2, h3 { color: ${({ theme }) => theme.color.onDark}; }
`

const PlanName = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.xl};
`

const PriceLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
`

const OriginalPrice = styled.del`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 600;
  color: ${({ theme }) => theme.color.onDarkMuted};
  text-decoration-color: ${({ theme }) => theme.color.gold};
  text-decoration-thickness: 2px;
`

const Price = styled.span`
  font-size: clamp(2.75rem, 2.2rem + 2.5vw, 3.75rem);
  font-weight: 800;
  line-height: 1;
  letter-spacing: -0.03em;
  color: ${({ theme }) => theme.color.onDark};
`

const PriceNote = styled.span`
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: 500;
`

const Footnote = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: center;
`

const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  padding: clamp(1.5rem, 1rem + 2.5vw, 2.75rem);
`

const Features = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.color.ink};
  ${media.sm} { grid-template-columns: repeat(2, 1fr); column-gap: ${({ theme }) => theme.space.xl}; }
  li { display: flex; gap: 0.75rem; align-items: flex-start; }
`

const CheckMark = styled.span`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: 1.375rem;
  height: 1.375rem;
  margin-top: 0.125rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accent};
`

const Guarantee = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
  margin-top: auto;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.accent};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.ink};
  font-size: ${({ theme }) => theme.fontSize.sm};
  svg { flex: none; color: ${({ theme }) => theme.color.accent}; }
`
