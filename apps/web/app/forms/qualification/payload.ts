import { type Answers, applicableQuestions } from '@site/leads/schemas/questions'
import { QUALIFICATION_SOURCE } from '@site/leads/sources'
import { timestampNow, type WebhookPayload } from '../shared/postWebhook'

/**
 * What the qualification webhook receives: timestamp (ISO 8601), source, then the answer of every
 * question that applied to this visitor, trimmed, in question order. Questions that did not apply
 * (another role's questions, or an answer left behind after changing the role) are not sent.
 */
export function buildQualificationPayload(answers: Answers, timestamp: string = timestampNow()): WebhookPayload {
  const payload: WebhookPayload = { timestamp, source: QUALIFICATION_SOURCE }
  for (const question of applicableQuestions(answers)) payload[question.id] = (answers[question.id] ?? '').trim()
  return payload
}
