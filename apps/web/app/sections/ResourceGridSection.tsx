import { ArrowRight, BookOpen } from 'lucide-react'
import styled, { css } from 'styled-components'
import { PublishedDate, ReadTime, ResourceMeta } from '../components/ResourceMeta'
import { SmartLink } from '../components/SmartLink'
import type { SectionOf } from '../content/types'
import { ResponsiveImage } from '../images/ResponsiveImage'
import { resolvedImageOf } from '../images/resolvedImage'
import { media } from '../theme/theme'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

type ResourceCard = NonNullable<SectionOf<'resourceGridSection'>['resources']>[number]
type Category = NonNullable<ResourceCard['category']>

/**
 * The resource library: one featured guide as a large card, then a grid of resource cards; a resource's
 * cover image, when it has one, heads its card (and fills the featured card's side panel). Card images are
 * decorative: the title names the card.
 */
export function ResourceGridSection({ section, settings, isPageHeading }: SectionProps<'resourceGridSection'>) {
  const { featuredLabel, featured, resources, readMoreLabel } = section
  const featuredCover = resolvedImageOf(featured?.coverImage)
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="alt">
      {featured?.slug && (
        <Featured>
          <FeaturedText>
            <Pills>
              {featuredLabel && <FeaturedPill>{featuredLabel}</FeaturedPill>}
              {featured.category && <CategoryPill $category={featured.category}>{featured.category}</CategoryPill>}
            </Pills>
            <FeaturedTitle>
              <CardLink href={resourceHref(featured.slug)}>{featured.title}</CardLink>
            </FeaturedTitle>
            {featured.description && <FeaturedDescription>{featured.description}</FeaturedDescription>}
            <FeaturedMeta
              publishedAt={featured.publishedAt}
              readTime={featured.readTime}
              readTimeUnit={settings.readTimeLabel}
            />
            {readMoreLabel && (
              <FeaturedReadMore aria-hidden="true">
                {readMoreLabel}
                <ArrowRight size={18} />
              </FeaturedReadMore>
            )}
          </FeaturedText>
          <FeaturedArt aria-hidden="true">
            {featuredCover ? (
              <ResponsiveImage image={featuredCover} alt="" fill />
            ) : (
              <BookOpen size={96} strokeWidth={1.25} />
            )}
          </FeaturedArt>
        </Featured>
      )}
      {resources.length > 0 && (
        <Grid>
          {resources.map((resource) => {
            const cover = resolvedImageOf(resource.coverImage)
            return (
              <Card key={resource._id} $image={Boolean(cover)}>
                {cover && (
                  <CardImage>
                    <ResponsiveImage image={cover} alt="" />
                  </CardImage>
                )}
                {resource.category && <CategoryPill $category={resource.category}>{resource.category}</CategoryPill>}
                <CardTitle>
                  <CardLink href={resourceHref(resource.slug)}>{resource.title}</CardLink>
                </CardTitle>
                {resource.description && <CardDescription>{resource.description}</CardDescription>}
                <CardFooter>
                  <CardMeta>
                    <PublishedDate publishedAt={resource.publishedAt} icon={false} />
                    {resource.publishedAt && resource.readTime ? <span aria-hidden="true">·</span> : null}
                    <ReadTime readTime={resource.readTime} unit={settings.readTimeLabel} icon={false} />
                  </CardMeta>
                  {/* Repeats the title link visually; hidden so each card is announced once, by its title. */}
                  {readMoreLabel && (
                    <ReadMore aria-hidden="true">
                      {readMoreLabel}
                      <ArrowRight size={16} />
                    </ReadMore>
                  )}
                </CardFooter>
              </Card>
            )
          })}
        </Grid>
      )}
    </SectionShell>
  )
}

function resourceHref(slug: string | null): string {
  return `/resources/${slug}`
}

// Category pill colours: no theme tokens for the emerald and amber text shades yet (AA on the soft fills).
const CATEGORY_COLORS: Record<Category, { background: string; color: string }> = {
  Guide: { background: '#e8efff', color: '#1e40af' },
  Article: { background: '#e3f6ee', color: '#047857' },
  'Training Guide': { background: '#fef3c7', color: '#92400e' },
}

const CategoryPill = styled.span<{ $category: Category }>`
  display: inline-block;
  justify-self: start;
  padding: 0.2rem 0.625rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.03em;
  ${({ $category }) => css`
    background: ${CATEGORY_COLORS[$category].background};
    color: ${CATEGORY_COLORS[$category].color};
  `}
`

/** The title link stretches over its card, so the whole card is one click target with one link. */
const CardLink = styled(SmartLink)`
  color: inherit;
  text-decoration: none;
  &::after { content: ''; position: absolute; inset: 0; border-radius: ${({ theme }) => theme.radius.lg}; }
  &:focus-visible { outline: none; }
  /* Drawn inside the card: the featured card clips what overflows it. */
  &:focus-visible::after { outline: 3px solid ${({ theme }) => theme.color.focus}; outline-offset: -3px; }
`

const cardSurface = css`
  position: relative;
  border-radius: ${({ theme }) => theme.radius.lg};
  transition: transform 0.15s ease, box-shadow 0.15s ease, border-color 0.15s ease;
  &:hover { transform: translateY(-2px); box-shadow: ${({ theme }) => theme.shadow.lg}; }
`

const Featured = styled.article`
  ${cardSurface}
  display: grid;
  overflow: hidden;
  margin-bottom: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.onDarkMuted};
  background:
    radial-gradient(36rem 20rem at 100% 0%, rgba(29, 78, 216, 0.6), transparent 65%),
    radial-gradient(28rem 16rem at 0% 100%, rgba(15, 159, 110, 0.25), transparent 60%),
    ${({ theme }) => theme.color.navy};
  box-shadow: ${({ theme }) => theme.shadow.md};
  a:focus-visible::after { outline-color: ${({ theme }) => theme.color.onDark}; }
  ${media.md} { grid-template-columns: minmax(0, 1fr) 16rem; }
`

const FeaturedText = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
  padding: clamp(1.5rem, 1rem + 3vw, 3rem);
`

const Pills = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`

const FeaturedPill = styled.span`
  padding: 0.2rem 0.625rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(245, 181, 61, 0.18);
  color: ${({ theme }) => theme.color.gold};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.03em;
`

const FeaturedTitle = styled.h3`
  max-width: 28ch;
  font-size: clamp(1.5rem, 1.2rem + 1.4vw, 2.125rem);
  color: ${({ theme }) => theme.color.onDark};
`

const FeaturedDescription = styled.p`
  max-width: 60ch;
  font-size: ${({ theme }) => theme.fontSize.md};
`

const FeaturedMeta = styled(ResourceMeta)`
  color: ${({ theme }) => theme.color.onDarkMuted};
`

const FeaturedReadMore = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  margin-top: ${({ theme }) => theme.space.sm};
  padding: 0.75rem 1.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brand};
  color: #fff;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  ${Featured}:hover & { background: ${({ theme }) => theme.color.brandHover}; }
`

const FeaturedArt = styled.div`
  display: none;
  ${media.md} {
    position: relative;
    display: grid;
    place-items: center;
    color: rgba(255, 255, 255, 0.5);
    background: linear-gradient(160deg, rgba(255, 255, 255, 0.08), rgba(255, 255, 255, 0.02));
    border-left: 1px solid rgba(255, 255, 255, 0.1);
  }
`

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${media.lg} { grid-template-columns: repeat(4, minmax(0, 1fr)); }
`

const Card = styled.li<{ $image: boolean }>`
  ${cardSurface}
  display: grid;
  grid-template-rows: ${({ $image }) => ($image ? 'auto auto auto 1fr auto' : 'auto auto 1fr auto')};
  gap: 0.75rem;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  &:hover { border-color: ${({ theme }) => theme.color.brand}; }
`

/** The card's picture, edge to edge across its top (out of the card's padding). */
const CardImage = styled.div`
  margin: -${({ theme }) => theme.space.lg} -${({ theme }) => theme.space.lg} 0.25rem;
  overflow: hidden;
  border-radius: ${({ theme }) => `${theme.radius.lg} ${theme.radius.lg} 0 0`};
`

const CardTitle = styled.h3`
  font-size: 1.125rem;
  line-height: 1.3;
  letter-spacing: -0.01em;
  ${Card}:hover & { color: ${({ theme }) => theme.color.brand}; }
`

const CardDescription = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.text};
`

const CardFooter = styled.div`
  display: grid;
  justify-items: start;
  gap: 0.625rem;
  padding-top: 0.875rem;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`

const CardMeta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`

const ReadMore = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  color: ${({ theme }) => theme.color.brand};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`
