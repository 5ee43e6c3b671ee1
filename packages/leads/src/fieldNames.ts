import type { QuestionId } from '@site/schemas/constants'

/**
 * The questionnaire's plain field names (SPEC section 3): a question's label where the CMS has no wording for
 * it (apps/web), and in the team's e-mail and the Leads tool (answers.ts). No other import: the site's
 * questionnaire chunk takes this file alone.
 */
export const QUESTION_FIELD_NAMES: Record<QuestionId, string> = {
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
