import { CheckCircle2 } from 'lucide-react'
import styled from 'styled-components'
import { RichText } from '../components/RichText'
import { media } from '../theme/theme'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** A passage of formatted text, with an optional box of key points beside it. */
export function RichTextSection({ section, isPageHeading }: SectionProps<'richTextSection'>) {
  const { body, aside } = section
  const points = aside?.points ?? []
  const hasAside = Boolean(aside?.title || points.length > 0)
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} align="left">
      <Layout $hasAside={hasAside}>
        <RichText value={body} />
        {hasAside && (
          <AsideBox>
            {aside?.title && <h3>{aside.title}</h3>}
            {points.length > 0 && (
              <ul>
                {points.map((point, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: plain strings with no key of their own; duplicates allowed
                  <li key={`${index}-${point}`}>
                    <CheckCircle2 aria-hidden size={20} />
                    {point}
                  </li>
                ))}
              </ul>
            )}
          </AsideBox>
        )}
      </Layout>
    </SectionShell>
  )
}

const Layout = styled.div<{ $hasAside: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  ${media.md} {
    grid-template-columns: ${({ $hasAside }) => ($hasAside ? 'minmax(0, 1fr) minmax(16rem, 22rem)' : 'minmax(0, 1fr)')};
    gap: clamp(2rem, 1rem + 4vw, 4.5rem);
  }
`

const AsideBox = styled.aside`
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-top: 4px solid ${({ theme }) => theme.color.brand};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceAlt};
  box-shadow: ${({ theme }) => theme.shadow.sm};

  h3 { font-size: ${({ theme }) => theme.fontSize.lg}; margin-bottom: ${({ theme }) => theme.space.md}; }
  ul { display: grid; gap: 0.75rem; margin: 0; padding: 0; list-style: none; }
  li {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.625rem;
    align-items: start;
    color: ${({ theme }) => theme.color.ink};
    font-weight: 500;
    line-height: 1.45;
  }
  svg { color: ${({ theme }) => theme.color.accent}; margin-top: 0.05em; }
`
