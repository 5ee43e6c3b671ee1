import type { QuestionId } from '@site/leads/schemas/questions'
import type { SectionOf } from '../../content/types'

export interface QuestionWording {
  prompt: string
  help?: string
  placeholder?: string
}

type QuestionCopyList = SectionOf<'qualificationFormSection'>['questions']

/**
 * Plain field names (SPEC section 3), used only for a question the CMS has no wording for, so that no
 * question is ever shown without a label.
 */
const FIELD_NAMES: Record<QuestionId, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  role: 'Role',
  numberOfAdvisors: 'Number of advisors',
  numberOfAgents: 'Number of agents',
  production12Month: '12-month production',
  writesAnnuities: 'Writes annuities',
  annuityProduction: 'Annuity production',
  currentAUM: 'Current AUM',
  primaryChallenge: 'Primary challenge',
  monthlyMarketingBudget: 'Monthly marketing budget',
  timeline: 'Timeline',
  decisionMaker: 'Decision maker',
}

/** The CMS wording of question `id` (matched by questionId); empty help or placeholder counts as none. */
export function wordingFor(questions: QuestionCopyList, id: QuestionId): QuestionWording {
  const copy = questions?.find((entry) => entry.questionId === id)
  return {
    prompt: copy?.prompt?.trim() || FIELD_NAMES[id],
    help: copy?.help?.trim() || undefined,
    placeholder: copy?.placeholder?.trim() || undefined,
  }
}
