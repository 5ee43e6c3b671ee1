import type { TextQuestion } from '@site/leads/schemas/questions'
import type { UseFormRegisterReturn } from 'react-hook-form'
import styled from 'styled-components'
import { TextField } from '../shared/Field'
import { helpText, promptText } from './QuestionText'
import type { QuestionWording } from './questionWording'

interface TextQuestionFieldProps {
  id: string
  question: TextQuestion
  wording: QuestionWording
  error?: string
  field: UseFormRegisterReturn
}

const INPUT_MODES = { text: 'text', email: 'email', tel: 'tel' } as const

/** A text, e-mail or phone question: the prompt is the label, the CMS help text its hint. */
export function TextQuestionField({ id, question, wording, error, field }: TextQuestionFieldProps) {
  return (
    <QuestionTextField
      id={id}
      label={wording.prompt}
      hint={wording.help}
      error={error}
      type={question.type}
      inputMode={INPUT_MODES[question.type]}
      autoComplete={question.autoComplete}
      maxLength={question.maxLength}
      placeholder={wording.placeholder}
      aria-required="true"
      {...field}
    />
  )
}

// The shared field, sized as the one question on screen; the hint moves up under the prompt.
const QuestionTextField = styled(TextField)`
  gap: ${({ theme }) => theme.space.sm};
  label { ${promptText} }
  [id$='-hint'] {
    order: 1;
    ${helpText}
  }
  input {
    order: 2;
    min-height: 3.25rem;
    margin-top: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  [id$='-error'] { order: 3; }
`
