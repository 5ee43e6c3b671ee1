import { QUESTION_FIELD_NAMES } from '@site/leads/fieldNames'
import type { QuestionId } from '@site/leads/schemas/questions'
import type { SectionOf } from '../../content/types'

export interface QuestionWording {
  prompt: string
  help?: string
  placeholder?: string
}

type QuestionCopyList = SectionOf<'qualificationFormSection'>['questions']

/** The CMS wording of question `id` (matched by questionId); empty help or placeholder counts as none. */
export function wordingFor(questions: QuestionCopyList, id: QuestionId): QuestionWording {
  const copy = questions?.find((entry) => entry.questionId === id)
  return {
    prompt: copy?.prompt?.trim() || QUESTION_FIELD_NAMES[id],
    help: copy?.help?.trim() || undefined,
    placeholder: copy?.placeholder?.trim() || undefined,
  }
}
