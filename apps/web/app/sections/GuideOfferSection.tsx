import { CheckCircle2, ShieldCheck } from 'lucide-react'
import { Suspense } from 'react'
import styled from 'styled-components'
import { Container } from '../components/Container'
import { FormCard } from '../forms/shared/FormCard'
import { lazyDefault } from '../islands/lazyComponent'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { Band, Eyebrow } from './SectionShell'

// The form and its libraries load only on pages that show it; the prerendered HTML still contains it.
const GuideOfferForm = lazyDefault(() => import('../forms/guideOffer/GuideOfferForm'))

/** The paid sales guide: what it covers, the reduced price, and the order form with its guarantee. */
export function GuideOfferSection({ section, isPageHeading }: SectionProps<'guideOfferSection'>) {
  const { eyebrow, heading, text, originalPrice, price, points, guarantee, anchor } = section
  const Heading = headingLevels(isPageHeading).section
  return (
    <OfferBand id={anchor ?? undefined} $tone="dark">
      <Layout>
        <Pitch>
          {eyebrow && <OfferEyebrow>{eyebrow}</OfferEyebrow>}
          {heading && <Title as={Heading}>{heading}</Title>}
          {text && <Lead>{text}</Lead>}
          {points && points.length > 0 && (
            <Points>
              {points.map((point) => (
                <li key={point}>
                  <CheckCircle2 aria-hidden="true" focusable="false" size={20} />
                  {point}
                </li>
              ))}
            </Points>
          )}
        </Pitch>
        <OrderCard>
          {(originalPrice || price) && (
            <Prices>
              {originalPrice && <del>{originalPrice}</del>}
              {price && <strong>{price}</strong>}
            </Prices>
          )}
          <Suspense fallback={null}>
            <GuideOfferForm copy={section} />
          </Suspense>
          {guarantee && (
            <Guarantee>
              <ShieldCheck aria-hidden="true" focusable="false" size={20} />
              <span>{guarantee}</span>
            </Guarantee>
          )}
        </OrderCard>
      </Layout>
    </OfferBand>
  )
}

const OfferBand = styled(Band)`
  background:
    radial-gradient(50rem 26rem at 90% -10%, rgba(29, 78, 216, 0.5), transparent 60%),
    radial-gradient(36rem 22rem at -10% 110%, rgba(15, 159, 110, 0.25), transparent 60%),
    ${({ theme }) => theme.color.navy};
`

const Layout = styled(Container)`
  display: grid;
  gap: clamp(2rem, 1.5rem + 3vw, 4rem);
  align-items: center;
  ${media.md} { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); }
`

const Pitch = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  justify-items: start;
`

const OfferEyebrow = styled(Eyebrow)`
  padding: 0.375rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(245, 181, 61, 0.16);
  color: ${({ theme }) => theme.color.gold};
`

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.h1};
  color: ${({ theme }) => theme.color.onDark};
`

const Lead = styled.p`
  max-width: 38rem;
  font-size: ${({ theme }) => theme.fontSize.lg};
`

const Points = styled.ul`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: flex; align-items: flex-start; gap: 0.625rem; color: ${({ theme }) => theme.color.onDark}; }
  svg { flex: none; margin-top: 0.2rem; color: #6ee7b7; }
`

const OrderCard = styled(FormCard)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`

const Prices = styled.p`
  display: flex;
  align-items: baseline;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  del { font-size: ${({ theme }) => theme.fontSize.xl}; color: ${({ theme }) => theme.color.muted}; }
  strong { font-size: clamp(2.5rem, 2rem + 2vw, 3.5rem); line-height: 1; color: ${({ theme }) => theme.color.ink}; letter-spacing: -0.02em; }
`

const Guarantee = styled.p`
  display: flex;
  gap: 0.625rem;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.ink};
  font-size: ${({ theme }) => theme.fontSize.sm};
  svg { flex: none; color: ${({ theme }) => theme.color.accent}; margin-top: 0.1rem; }
`
