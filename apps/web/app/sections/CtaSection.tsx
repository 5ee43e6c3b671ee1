import styled, { css } from 'styled-components'
import { ActionButtons } from '../components/ActionButtons'
import { Container } from '../components/Container'
import type { SectionOf } from '../content/types'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'

type Tone = NonNullable<SectionOf<'ctaSection'>['tone']>

/** The closing invitation to act: a brand-coloured band, or a quiet panel on a light page. */
export function CtaSection({ section, isPageHeading }: SectionProps<'ctaSection'>) {
  const { heading, text, actions, note, anchor, tone } = section
  return (
    <Band id={anchor ?? undefined} $tone={tone}>
      <Container>
        <Panel $tone={tone}>
          {heading && <Heading as={headingLevels(isPageHeading).section}>{heading}</Heading>}
          {text && <Text>{text}</Text>}
          {actions && actions.length > 0 && (
            <Actions>
              <ActionButtons actions={actions} surface={tone === 'brand' ? 'brand' : 'light'} size="lg" />
            </Actions>
          )}
          {note && <Note>{note}</Note>}
        </Panel>
      </Container>
    </Band>
  )
}

const Band = styled.section<{ $tone: Tone }>`
  padding-block: ${({ theme }) => theme.space.section};
  ${({ theme, $tone }) =>
    $tone === 'brand'
      ? css`
          color: ${theme.color.onDark};
          background:
            radial-gradient(40rem 20rem at 100% 0%, rgba(15, 159, 110, 0.28), transparent 65%),
            radial-gradient(36rem 22rem at 0% 100%, rgba(37, 99, 235, 0.45), transparent 65%),
            linear-gradient(135deg, ${theme.color.brandHover} 0%, ${theme.color.navy} 78%);
          h1, h2 { color: ${theme.color.onDark}; }
        `
      : css`
          background: ${theme.color.surface};
        `}
`

const Panel = styled.div<{ $tone: Tone }>`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 48rem;
  margin-inline: auto;
  text-align: center;
  ${({ theme, $tone }) =>
    $tone === 'light' &&
    css`
      max-width: none;
      padding: clamp(2rem, 1.5rem + 3vw, 4rem) clamp(1.25rem, 1rem + 3vw, 4rem);
      border: 1px solid ${theme.color.border};
      border-radius: ${theme.radius.lg};
      background: linear-gradient(180deg, ${theme.color.brandSoft}, ${theme.color.surface});
      > * { max-width: 46rem; }
    `}
`

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.h2};
  text-wrap: balance;
`

const Text = styled.p`
  font-size: ${({ theme }) => theme.fontSize.lg};
  opacity: 0.92;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.sm};
`

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  opacity: 0.85;
`
