import type { ReactNode } from 'react'
import styled, { css } from 'styled-components'
import { Container } from '../components/Container'
import { headingLevels } from './headingLevels'

export type SectionTone = 'light' | 'alt' | 'dark'

/** The fields a section's content gives its header: the anchor it is linked by and the eyebrow/heading/intro block. */
export interface SectionHeader {
  anchor?: string | null
  eyebrow?: string | null
  heading?: string | null
  intro?: string | null
}

/** A form section's header: its `text` is the intro. */
export function formSectionHeader({
  anchor,
  heading,
  text,
}: {
  anchor?: string
  heading: string
  text?: string
}): SectionHeader {
  return { anchor, heading, intro: text }
}

interface SectionShellProps {
  /** Usually the section's content itself, which carries these fields under these names. */
  header: SectionHeader
  tone?: SectionTone
  align?: 'left' | 'center'
  narrow?: boolean
  /** Render the heading as the page's h1. */
  isPageHeading?: boolean
  children?: ReactNode
}

/** The band every section sits in: background tone, vertical rhythm, and the eyebrow/heading/intro block. */
export function SectionShell({
  header: { anchor, eyebrow, heading, intro },
  tone = 'light',
  align = 'center',
  narrow,
  isPageHeading,
  children,
}: SectionShellProps) {
  const hasHeader = Boolean(eyebrow || heading || intro)
  return (
    <Band id={anchor ?? undefined} $tone={tone}>
      <Container $narrow={narrow}>
        {hasHeader && (
          <Header $align={align}>
            {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
            {heading && <Heading as={headingLevels(isPageHeading).section}>{heading}</Heading>}
            {intro && <Intro>{intro}</Intro>}
          </Header>
        )}
        {children}
      </Container>
    </Band>
  )
}

export const Eyebrow = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.brand};
`

export const Band = styled.section<{ $tone: SectionTone }>`
  padding-block: ${({ theme }) => theme.space.section};
  ${({ theme, $tone }) =>
    $tone === 'alt'
      ? css`background: ${theme.color.surfaceAlt};`
      : $tone === 'dark'
        ? css`
            background: ${theme.color.navy};
            color: ${theme.color.onDarkMuted};
            h2, h3, h4 { color: ${theme.color.onDark}; }
            ${Eyebrow} { color: #8fb3ff; }
          `
        : css`background: ${theme.color.surface};`}
`

const Header = styled.div<{ $align: 'left' | 'center' }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 46rem;
  margin-bottom: clamp(2rem, 1.5rem + 2vw, 3.5rem);
  ${({ $align }) => ($align === 'center' ? css`margin-inline: auto; text-align: center;` : '')}
`

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.h2};
`

const Intro = styled.p`
  font-size: ${({ theme }) => theme.fontSize.lg};
  color: inherit;
  opacity: 0.92;
`
