import { ArrowLeft } from 'lucide-react'
import styled from 'styled-components'
import { ButtonLink } from '../components/Button'
import { Container } from '../components/Container'
import { ResourceMeta } from '../components/ResourceMeta'
import { SmartLink } from '../components/SmartLink'
import type { ResourceContent, SiteSettings } from '../content/types'
import { ResourceGateSlot } from '../forms/gate/ResourceGateSlot'
import { PlainImage, ResponsiveImage } from '../images/ResponsiveImage'
import { resolvedImageOf } from '../images/resolvedImage'
import { lazyComponent } from '../islands/lazyComponent'
import { StaticIsland } from '../islands/StaticIsland'
import { SiteChrome } from '../layout/SiteChrome'

// The article's text needs no JavaScript: it is an island, and Portable Text loads only to render it anew.
const articleBody = lazyComponent(() => import('../components/RichText').then((module) => module.RichText))
export const preloadArticleBody = articleBody.preload

/**
 * A resource (article or guide): header, its cover image when it has one (over the header's lower edge, the
 * page's first image), body (behind the lead form when gated) and closing call to action.
 */
export function ArticlePage({ settings, resource }: { settings: SiteSettings; resource: ResourceContent }) {
  const body = (
    <Body>
      <StaticIsland id="article-body" component={articleBody} props={{ value: resource.body }} />
    </Body>
  )
  const cta = resource.callToAction
  const resolvedCover = resolvedImageOf(resource.coverImage)
  const coverAlt = resource.coverImage?.alt ?? ''
  const coverSrc = resource.coverImage?.src
  const cover = resolvedCover ? (
    <ResponsiveImage image={resolvedCover} alt={coverAlt} priority />
  ) : coverSrc ? (
    <PlainImage src={coverSrc} alt={coverAlt} />
  ) : null
  return (
    <SiteChrome settings={settings} footer="simple">
      <article>
        <Header $withCover={Boolean(cover)}>
          <HeaderInner $narrow>
            <BackLink href="/resources">
              <ArrowLeft aria-hidden size={16} />
              {settings.backToResourcesLabel}
            </BackLink>
            {resource.category && <Category>{resource.category}</Category>}
            <Title>{resource.title}</Title>
            {resource.description && <Description>{resource.description}</Description>}
            <Meta
              publishedAt={resource.publishedAt}
              readTime={resource.readTime}
              readTimeUnit={settings.readTimeLabel}
            />
          </HeaderInner>
        </Header>
        {cover && <CoverFrame>{cover}</CoverFrame>}
        <Container $narrow>
          {resource.gated ? (
            <ResourceGateSlot gate={resource.gate} resourceTitle={resource.title}>
              {body}
            </ResourceGateSlot>
          ) : (
            body
          )}
        </Container>
        {cta && (cta.heading || cta.text || cta.link) && (
          <Container $narrow>
            <Cta>
              {cta.heading && <h2>{cta.heading}</h2>}
              {cta.text && <p>{cta.text}</p>}
              {cta.link?.label && (
                <ButtonLink href={cta.link.href} openInNewTab={cta.link.openInNewTab} $size="lg">
                  {cta.link.label}
                </ButtonLink>
              )}
            </Cta>
          </Container>
        )}
      </article>
    </SiteChrome>
  )
}

/** How far a cover image reaches up into the header. */
const COVER_OVERLAP = 'clamp(3rem, 1.5rem + 6vw, 7rem)'

const Header = styled.header<{ $withCover: boolean }>`
  padding-block: clamp(2.5rem, 2rem + 3vw, 4.5rem);
  ${({ $withCover }) => ($withCover ? `padding-bottom: calc(clamp(2.5rem, 2rem + 3vw, 4.5rem) + ${COVER_OVERLAP});` : '')}
  color: ${({ theme }) => theme.color.onDarkMuted};
  background:
    radial-gradient(50rem 22rem at 90% -20%, rgba(29, 78, 216, 0.5), transparent 60%),
    ${({ theme }) => theme.color.navy};
`

const HeaderInner = styled(Container)`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
`

const CoverFrame = styled(Container)`
  max-width: calc(960px + 2 * ${({ theme }) => theme.layout.gutter});
  margin-top: calc(-1 * ${COVER_OVERLAP});
  img {
    border-radius: ${({ theme }) => theme.radius.lg};
    box-shadow: ${({ theme }) => theme.shadow.lg};
  }
`

const BackLink = styled(SmartLink)`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  min-height: 2.75rem;
  margin-bottom: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.onDark};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  text-decoration: none;
  &:hover { text-decoration: underline; text-underline-offset: 0.2em; }
`

const Category = styled.p`
  padding: 0.25rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(255, 255, 255, 0.12);
  border: 1px solid rgba(255, 255, 255, 0.2);
  color: ${({ theme }) => theme.color.onDark};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  letter-spacing: 0.04em;
`

const Title = styled.h1`
  font-size: clamp(1.875rem, 1.45rem + 2vw, 3rem);
  color: ${({ theme }) => theme.color.onDark};
  max-width: 24ch;
`

const Description = styled.p`
  max-width: 60ch;
  font-size: ${({ theme }) => theme.fontSize.lg};
  line-height: 1.55;
`

const Meta = styled(ResourceMeta)`
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.color.onDarkMuted};
`

const Body = styled.div`
  padding-block: clamp(2.5rem, 2rem + 2.5vw, 4rem);
`

const Cta = styled.aside`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.section};
  padding: clamp(1.5rem, 1rem + 2.5vw, 2.5rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: linear-gradient(135deg, ${({ theme }) => theme.color.brandSoft}, ${({ theme }) => theme.color.surface} 70%);
  box-shadow: ${({ theme }) => theme.shadow.md};
  h2 { font-size: ${({ theme }) => theme.fontSize.xl}; }
  p { max-width: 60ch; }
  a { margin-top: ${({ theme }) => theme.space.sm}; }
`
