import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import styled from 'styled-components'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/**
 * Questions and answers as native disclosure elements: one shared `name` makes them an exclusive accordion
 * (opening one answer closes the other, and the open one closes again), with no JavaScript, so the section
 * is static and never hydrates.
 */
export function FaqSection({ section, isPageHeading }: SectionProps<'faqSection'>) {
  const { items } = section
  const accordionName = useId()
  const QuestionHeading = headingLevels(isPageHeading).item

  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="alt" narrow>
      <Accordion>
        {items.map((faq) => (
          <Item key={faq._id} name={accordionName}>
            <Question>
              <QuestionText as={QuestionHeading}>{faq.question}</QuestionText>
              <Chevron aria-hidden="true" size={20} />
            </Question>
            <Answer>{faq.answer}</Answer>
          </Item>
        ))}
      </Accordion>
    </SectionShell>
  )
}

const Accordion = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`

const Item = styled.details`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  transition: border-color 0.15s ease, box-shadow 0.15s ease;
  &[open] {
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: ${({ theme }) => theme.shadow.md};
  }
`

const Question = styled.summary`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  min-height: 3.5rem;
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.ink};
  line-height: 1.4;
  list-style: none;
  cursor: pointer;
  &::-webkit-details-marker { display: none; }
  &:hover { color: ${({ theme }) => theme.color.brand}; }
`

const QuestionText = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: 600;
  letter-spacing: -0.01em;
  color: inherit;
`

const Chevron = styled(ChevronDown)`
  flex: none;
  color: ${({ theme }) => theme.color.brand};
  transition: transform 0.2s ease;
  details[open] > summary > & { transform: rotate(180deg); }
`

const Answer = styled.p`
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.text};
`
