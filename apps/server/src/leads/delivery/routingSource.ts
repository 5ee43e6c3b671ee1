import { LEAD_ROUTING_ID, type LeadRouting, leadRoutingSchema } from '@site/leads/routing'
import type { ContentQuery } from '../../contentQuery.ts'
import { type LeadLog, logFailure } from '../leadLog.ts'

/**
 * The published routing document, read from the content (Sanity's query API or the embedded dataset the
 * local Content Lake writes) and kept for `cacheMs`. Undefined when there is none, so LEAD_NOTIFY_EMAIL gets
 * every lead. When the content cannot be read, the last document read is used: a lead is never held up by it.
 */
export function routingReader(options: {
  query: ContentQuery
  cacheMs: number
  log: LeadLog
  now?: () => number
}): () => Promise<LeadRouting | undefined> {
  const now = options.now ?? Date.now
  let cached: { at: number; routing: LeadRouting | undefined } | undefined
  let reading: Promise<LeadRouting | undefined> | undefined
  let reportedRev: string | undefined
  let failing = false

  const read = async () => {
    try {
      const document = await options.query<unknown>('*[_id == $id][0]', { id: LEAD_ROUTING_ID })
      let routing: LeadRouting | undefined
      if (document) {
        const parsed = leadRoutingSchema.safeParse(document)
        if (parsed.success) routing = parsed.data
        else {
          const rev = (document as { _rev?: string })._rev
          if (rev !== reportedRev) {
            reportedRev = rev
            options.log.error('lead-routing-unreadable', {
              rev,
              field: parsed.error.issues[0]?.path.join('.'),
              action: 'fix the Lead routing document in the Studio: until then LEAD_NOTIFY_EMAIL gets every lead',
            })
          }
        }
      }
      cached = { at: now(), routing }
      failing = false
      return routing
    } catch (error) {
      // Logged once until a read succeeds again, and tried again after `cacheMs`: the follow-through sweep
      // reads it several times a second.
      if (!failing) logFailure(options.log, 'lead-routing-read-failed', error)
      failing = true
      cached = { at: now(), routing: cached?.routing }
      return cached.routing
    } finally {
      reading = undefined
    }
  }

  return async () => {
    if (cached && now() - cached.at < options.cacheMs) return cached.routing
    reading ??= read()
    return reading
  }
}
