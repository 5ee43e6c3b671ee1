import styled from 'styled-components'
import { media } from '../theme/theme'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** Official rules as a numbered list. */
export function RulesSection({ section, isPageHeading }: SectionProps<'rulesSection'>) {
  const { rules } = section
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} narrow>
      {rules && rules.length > 0 && (
        <Rules>
          {rules.map((rule, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: plain strings with no key of their own; duplicates allowed
            <li key={`${index}-${rule}`}>{rule}</li>
          ))}
        </Rules>
      )}
    </SectionShell>
  )
}

const Rules = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: rule;

  li {
    counter-increment: rule;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => theme.space.md};
    align-items: start;
    padding: 1rem 1.25rem;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    box-shadow: ${({ theme }) => theme.shadow.sm};
    color: ${({ theme }) => theme.color.ink};
    line-height: 1.5;
  }

  /* The number is drawn by CSS; the <ol> already tells assistive technology the order. */
  li::before {
    content: counter(rule);
    display: grid;
    place-items: center;
    width: 2rem;
    height: 2rem;
    margin-top: -0.125rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.brandSoft};
    color: ${({ theme }) => theme.color.brandHover};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 700;
  }

  ${media.md} { gap: 0.75rem; }
`
