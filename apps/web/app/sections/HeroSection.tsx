import { CheckCircle2 } from 'lucide-react'
import styled, { css } from 'styled-components'
import { ActionButtons } from '../components/ActionButtons'
import { Container } from '../components/Container'
import { CoverImage, PlainCoverImage } from '../images/CoverImage'
import { resolvedImageOf } from '../images/resolvedImage'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'

/** The opening band of a page: headline (the page's h1), text, calls to action and trust points. */
export function HeroSection({ section, isPageHeading }: SectionProps<'heroSection'>) {
  const { eyebrow, heading, highlight, text, actions, highlights, backgroundImage, badge, anchor, align } = section
  const Heading = headingLevels(isPageHeading).section
  const resolved = resolvedImageOf(backgroundImage)
  const alt = backgroundImage?.alt ?? ''
  const image = resolved ? (
    <CoverImage image={resolved} alt={alt} priority={isPageHeading} />
  ) : backgroundImage?.src ? (
    <PlainCoverImage src={backgroundImage.src} alt={alt} />
  ) : null
  return (
    <Hero id={anchor ?? undefined} $image={Boolean(image)}>
      {image}
      <Inner $align={align}>
        {badge && <Badge>{badge}</Badge>}
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <Title as={Heading}>{withHighlight(heading, highlight)}</Title>
        {text && <Lead>{text}</Lead>}
        {actions && actions.length > 0 && (
          <Actions $align={align}>
            <ActionButtons actions={actions} surface="dark" size="lg" />
          </Actions>
        )}
        {highlights && highlights.length > 0 && (
          <Highlights $align={align}>
            {highlights.map((point) => (
              <li key={point}>
                <CheckCircle2 aria-hidden size={18} />
                {point}
              </li>
            ))}
          </Highlights>
        )}
      </Inner>
    </Hero>
  )
}

function withHighlight(heading: string, highlight: string | undefined) {
  const at = highlight ? heading.indexOf(highlight) : -1
  if (!highlight || at < 0) return heading
  return (
    <>
      {heading.slice(0, at)}
      <Accent>{highlight}</Accent>
      {heading.slice(at + highlight.length)}
    </>
  )
}

const Hero = styled.section<{ $image: boolean }>`
  position: relative;
  overflow: hidden;
  color: ${({ theme }) => theme.color.onDarkMuted};
  padding-block: clamp(4rem, 3rem + 5vw, 7.5rem);
  background:
    radial-gradient(60rem 30rem at 85% -10%, rgba(29, 78, 216, 0.55), transparent 60%),
    radial-gradient(40rem 24rem at -10% 110%, rgba(15, 159, 110, 0.28), transparent 60%),
    ${({ theme }) => theme.color.navy};
  ${({ $image }) =>
    $image &&
    css`
      background: #0b1f3a;
      /* The image (CoverImage) under this overlay, the text above both. */
      &::after {
        content: '';
        position: absolute;
        inset: 0;
        background: linear-gradient(180deg, rgba(11, 31, 58, 0.82), rgba(11, 31, 58, 0.92));
      }
    `}
`

const Inner = styled(Container)<{ $align: 'left' | 'center' }>`
  /* Above the background image and its overlay. */
  position: relative;
  z-index: 1;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${({ $align }) =>
    $align === 'center'
      ? css`justify-items: center; text-align: center; max-width: 920px;`
      : css`justify-items: start;`}
`

const Badge = styled.p`
  display: inline-block;
  padding: 0.375rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(245, 181, 61, 0.16);
  color: ${({ theme }) => theme.color.gold};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSize.sm};
`

const Eyebrow = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.14em;
  text-transform: uppercase;
  color: #8fb3ff;
`

const Title = styled.h1`
  max-width: 20ch;
  font-size: ${({ theme }) => theme.fontSize.h1};
  color: ${({ theme }) => theme.color.onDark};
  ${media.md} { max-width: 22ch; }
`

const Accent = styled.span`
  color: #6ee7b7;
`

const Lead = styled.p`
  max-width: 40rem;
  font-size: ${({ theme }) => theme.fontSize.lg};
`

const Actions = styled.div<{ $align: 'left' | 'center' }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  justify-content: ${({ $align }) => ($align === 'center' ? 'center' : 'flex-start')};
  margin-top: ${({ theme }) => theme.space.sm};
`

const Highlights = styled.ul<{ $align: 'left' | 'center' }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  justify-content: ${({ $align }) => ($align === 'center' ? 'center' : 'flex-start')};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  li { display: inline-flex; align-items: center; gap: 0.4rem; }
  svg { color: #6ee7b7; flex: none; }
`
