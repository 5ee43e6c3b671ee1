import type { LeadFormName } from '@site/leads/forms'
import { leadAnswers } from '@site/leads/labels'
import { type Field, FieldList } from './FieldList'
import { readableTime } from './leadFormat'

/** What the visitor answered, each under the form's label, options as their labels, times in the reader's zone. */
export function AnswerList({ form, payload }: { form: LeadFormName; payload: Record<string, unknown> }) {
  const fields: Field[] = leadAnswers(form, payload).map((answer) => ({
    key: answer.field,
    label: answer.label,
    value: answer.time ? readableTime(answer.time) : linked(answer.field, answer.text),
  }))
  return <FieldList fields={fields} testId="answers" />
}

/** An address a reader acts on (write, call) as a link. */
function linked(field: string, text: string) {
  if (field === 'email' && text.includes('@')) return <a href={`mailto:${text}`}>{text}</a>
  if (field === 'phone' && /\d/.test(text)) return <a href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</a>
  return text
}
