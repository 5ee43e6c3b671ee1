import type { LeadFormName } from './forms'
import { contactSchema, interestAnswer } from './schemas/contactSchema'
import { gateSchema } from './schemas/gateSchema'
import { giveawaySchema } from './schemas/giveawaySchema'
import { validateAnswer } from './schemas/qualificationSchema'
import { type Answers, applicableQuestions, type QuestionId } from './schemas/questions'
import { GIVEAWAY_SOURCE, QUALIFICATION_SOURCE, SITE_SOURCE } from './sources'
import { z } from './zod'

/**
 * The webhook payload of each form (SPEC section 7) as a rule: the form's own schema plus what the
 * submission adds, and nothing else. The lead server checks what a browser sends against these before it
 * stores and forwards it, so a lead that reaches a webhook passed the same rules as the form it came from.
 * Only the server imports this module: each form's chunk keeps just its own schema.
 */
const timestamp = z.iso.datetime({ offset: false, precision: 3 })

const qualifyPayload = z
  .object({ timestamp, source: z.literal(QUALIFICATION_SOURCE) })
  .catchall(z.string())
  .superRefine(({ timestamp: _time, source: _source, ...answers }, context) => {
    const given = answers as Answers
    const asked = applicableQuestions(given)
    for (const question of asked) {
      const problem = validateAnswer(question, given[question.id])
      const tooLong = question.type !== 'choice' && (given[question.id] ?? '').length > question.maxLength
      if (problem || tooLong) context.addIssue({ code: 'custom', path: [question.id], message: problem ?? 'Too long' })
    }
    const askedIds = new Set<string>(asked.map((question) => question.id))
    for (const id of Object.keys(answers) as QuestionId[]) {
      if (!askedIds.has(id))
        context.addIssue({ code: 'custom', path: [id], message: 'Not a question this visitor was asked' })
    }
  })

export const LEAD_PAYLOAD_SCHEMAS = {
  contact: contactSchema.extend({ interest: interestAnswer, timestamp, source: z.literal(SITE_SOURCE) }).strict(),
  guide: gateSchema.extend({ resource: z.string().trim().min(1).max(200), timestamp }).strict(),
  qualify: qualifyPayload,
  giveaway: giveawaySchema.extend({ timestamp, source: z.literal(GIVEAWAY_SOURCE) }).strict(),
} satisfies Record<LeadFormName, z.ZodType<Record<string, unknown>>>
