import type { ChoiceQuestion } from '@site/leads/schemas/questions'
import type { KeyboardEvent } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import styled, { css } from 'styled-components'
import { media } from '../../theme/theme'
import { describedBy, FieldError, fieldMessageIds } from '../shared/Field'
import { QuestionHelp, QuestionPrompt } from './QuestionText'
import type { QuestionWording } from './questionWording'

interface ChoiceQuestionFieldProps {
  id: string
  question: ChoiceQuestion
  wording: QuestionWording
  error?: string
  field: UseFormRegisterReturn
}

/** A choice question: a radio group of large option cards (native radios: arrow keys, Space, Tab). */
export function ChoiceQuestionField({ id, question, wording, error, field }: ChoiceQuestionFieldProps) {
  const legendId = `${id}-legend`
  const ids = fieldMessageIds(id)
  return (
    <Group
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={describedBy(id, Boolean(wording.help), Boolean(error))}
      aria-required="true"
      aria-invalid={error ? true : undefined}
      onKeyDown={continueOnEnter}
    >
      <QuestionPrompt id={legendId}>{wording.prompt}</QuestionPrompt>
      {wording.help && <QuestionHelp id={ids.hint}>{wording.help}</QuestionHelp>}
      <Options $columns={question.options.length === 2 || question.options.length === 4 ? 2 : 1}>
        {question.options.map((option, index) => (
          <Option key={option} htmlFor={`${id}-option-${index}`} $invalid={Boolean(error)}>
            <input id={`${id}-option-${index}`} type="radio" value={option} {...field} />
            <span>{option}</span>
          </Option>
        ))}
      </Options>
      <FieldError id={ids.error} message={error} />
    </Group>
  )
}

/**
 * Enter on a radio continues, like Enter in a text box (browsers do not submit a form from a radio).
 * Default prevented, so a browser that does submit from a radio does not submit twice.
 */
function continueOnEnter(event: KeyboardEvent<HTMLFieldSetElement>) {
  if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return
  event.preventDefault()
  event.currentTarget.form?.requestSubmit()
}

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`

const Options = styled.div<{ $columns: 1 | 2 }>`
  display: grid;
  gap: 0.75rem;
  margin-top: ${({ theme }) => theme.space.sm};
  ${media.sm} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`

const Option = styled.label<{ $invalid: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.875rem;
  min-height: 3.5rem;
  padding: 0.875rem 1.125rem;
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  color: ${({ theme }) => theme.color.ink};
  font-weight: 500;
  line-height: 1.35;
  cursor: pointer;
  transition: border-color 0.15s ease, background-color 0.15s ease, box-shadow 0.15s ease;

  &:hover { border-color: ${({ theme }) => theme.color.brand}; }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.brandSoft};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.brand};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  input {
    appearance: none;
    display: grid;
    place-content: center;
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    border: 2px solid ${({ theme }) => theme.color.muted};
    border-radius: 50%;
    background: ${({ theme }) => theme.color.surface};
    cursor: pointer;
    ${({ theme }) => css`
      &::before {
        content: '';
        width: 0.625rem;
        height: 0.625rem;
        border-radius: 50%;
        background: ${theme.color.brand};
        transform: scale(0);
        transition: transform 0.12s ease;
      }
      &:checked { border-color: ${theme.color.brand}; }
      &:checked::before { transform: scale(1); }
      &:focus-visible { outline: none; }
    `}
  }
`
