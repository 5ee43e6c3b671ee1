import { useId, useRef, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { ChevronDown } from 'lucide-react'
import type { SectionProps } from './registry'
import { SectionShell } from './SectionShell'

/** Questions and answers as an accordion: at most one answer is open, and it can be closed again. */
export function FaqSection({ section, isPageHeading }: SectionProps<'faqSection'>) {
  const { eyebrow, heading, intro, items, anchor } = section
  const [openId, setOpenId] = useState<string | null>(null)
  const baseId = useId()
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const QuestionHeading = isPageHeading ? 'h2' : 'h3'
  const faqs = (items ?? []).filter((item) => item.question)

  // Arrow keys, Home and End move between questions, as in the WAI-ARIA accordion pattern.
  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = faqs.length - 1
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (target === undefined) return
    event.preventDefault()
    buttons.current[target]?.focus()
  }

  return (
    <SectionShell
      anchor={anchor}
      tone="alt"
      eyebrow={eyebrow}
      heading={heading}
      intro={intro}
      isPageHeading={isPageHeading}
      narrow
    >
      <Accordion>
        {faqs.map((faq, index) => {
          const open = openId === faq._id
          const buttonId = `${baseId}-question-${index}`
          const panelId = `${baseId}-answer-${index}`
          return (
            <Item key={faq._id} $open={open}>
              <Question as={QuestionHeading}>
                <Toggle
                  ref={(element) => {
                    buttons.current[index] = element
                  }}
                  type="button"
                  id={buttonId}
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenId(open ? null : faq._id)}
                  onKeyDown={(event) => moveFocus(event, index)}
                >
                  <span>{faq.question}</span>
                  <Chevron aria-hidden="true" size={20} $open={open} />
                </Toggle>
              </Question>
              <Answer id={panelId} role="region" aria-labelledby={buttonId} hidden={!open}>
                <p>{faq.answer}</p>
              </Answer>
            </Item>
          )
        })}
      </Accordion>
    </SectionShell>
  )
}

const Accordion = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`

const Item = styled.div<{ $open: boolean }>`
  border: 1px solid ${({ theme, $open }) => ($open ? theme.color.brand : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme, $open }) => ($open ? theme.shadow.md : theme.shadow.sm)};
  transition: border-color 0.15s ease, box-shadow 0.15s ease;
`

const Question = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: 600;
  letter-spacing: -0.01em;
`

const Toggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  min-height: 3.5rem;
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.ink};
  font-weight: inherit;
  line-height: 1.4;
  text-align: left;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.color.brand}; }
`

const Chevron = styled(ChevronDown)<{ $open: boolean }>`
  flex: none;
  color: ${({ theme }) => theme.color.brand};
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  transition: transform 0.2s ease;
`

const Answer = styled.div`
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.text};
  &[hidden] { display: none; }
`
