import { DEFAULT_LOST_REASONS, type LeadStatusChange, leadStatusChangeSchema } from '@site/leads/followThrough'
import type { LeadRouting } from '@site/leads/routing'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { LeadDb } from '../db/database.ts'
import { leadView } from '../delivery/teamEmail.tsx'
import type { LeadConfig } from '../leadConfig.ts'
import type { LeadLog } from '../leadLog.ts'
import { type Actor, handBackLead, leadEvents, setLeadStatus, takeLead } from './ownership.ts'
import { checkTakeToken, type TakeGrant } from './takeLink.ts'
import { renderTakePage, renderTakeProblem, type TakePageModel } from './takePage.tsx'

/** What the page says after a press (`?said=`), so a reload shows the state, not a second press. */
const SAID = {
  taken: { tone: 'ok', text: 'You took this lead: it is yours.' },
  'already-taken': { tone: 'warn', text: 'Someone took it first.' },
  'handed-back': { tone: 'ok', text: 'You handed it back: anyone it was sent to can take it now.' },
  status: { tone: 'ok', text: 'Status saved.' },
} as const

/**
 * `GET /api/take/<token>`: the take page of a notification's recipient, saying who the lead is, who owns it,
 * its status and history. A GET (or a mail scanner's HEAD) changes nothing. `POST` with `action=take` takes
 * it (the first taker owns it), `action=hand-back` gives it back (its owner only), `action=status` sets its
 * status (its owner only); each answered 303 back to the page.
 */
export function takeRoutes(options: {
  db: LeadDb
  config: LeadConfig
  routing: () => Promise<LeadRouting | undefined>
  wakeOutbox: () => void
  log: LeadLog
}): Hono {
  const { db, config, log } = options
  const app = new Hono()
  const studioTool = `${config.notify.studioUrl}/leads`

  const page = (c: Context, html: string, status: 200 | 400 | 403 | 404 | 410 | 422 = 200) => {
    c.header('cache-control', 'no-store')
    // The token is in the address: no page it links to learns it.
    c.header('referrer-policy', 'no-referrer')
    c.header('x-robots-tag', 'noindex')
    c.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    return c.html(html, status)
  }

  const grantOf = (c: Context): TakeGrant | Response => {
    const check = checkTakeToken(c.req.param('token') ?? '', config.followThrough.takeSecret, new Date())
    if (check.valid) return check.grant
    return check.reason === 'expired'
      ? page(
          c,
          renderTakeProblem(
            'This link has expired',
            'Take links work for a limited time. Open the lead in the Leads tool instead.',
            studioTool,
          ),
          410,
        )
      : page(
          c,
          renderTakeProblem(
            'This link is not valid',
            'It may have been cut short: open it again from the message.',
            studioTool,
          ),
          400,
        )
  }

  const show = async (c: Context, grant: TakeGrant, notice?: TakePageModel['notice'], status: 200 | 422 = 200) => {
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', grant.leadId).executeTakeFirst()
    if (!lead) {
      return page(
        c,
        renderTakeProblem(
          'This lead is no longer here',
          'It was erased on request or after its retention period.',
          studioTool,
        ),
        404,
      )
    }
    const chat = grant.via === 'chat'
    const model: TakePageModel = {
      view: leadView(lead, config.notify.studioUrl),
      reader: { recipient: grant.recipient, chat },
      owner: lead.owner,
      takenAt: lead.taken_at,
      offer:
        lead.offer_to && lead.offer_until && lead.offer_until > new Date()
          ? { to: lead.offer_to, until: lead.offer_until }
          : null,
      mine: lead.owner !== null && ownsIt(lead.owner, grant),
      held: lead.quarantine_reason !== null || lead.repeat_of !== null,
      status: lead.status,
      wonValue: lead.won_value,
      lostReason: lead.lost_reason,
      events: await leadEvents(db, lead.id),
      lostReasons: await lostReasons(options.routing),
      notice,
    }
    return page(c, renderTakePage(model), status)
  }

  app.get('/api/take/:token', async (c) => {
    const grant = grantOf(c)
    if (grant instanceof Response) return grant
    const said = c.req.query('said')
    return show(c, grant, said && said in SAID ? SAID[said as keyof typeof SAID] : undefined)
  })

  app.post('/api/take/:token', bodyLimit({ maxSize: 4096, onError: (c) => c.text('Too large', 413) }), async (c) => {
    const grant = grantOf(c)
    if (grant instanceof Response) return grant
    const origin = c.req.header('origin')
    if (origin && origin !== config.followThrough.takeUrl && origin !== `http://${c.req.header('host')}`) {
      return page(
        c,
        renderTakeProblem('Not from this page', 'Press the button on the take page itself.', studioTool),
        403,
      )
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '')
    const back = (said: keyof typeof SAID) => c.redirect(`${c.req.path}?said=${said}`, 303)
    const now = new Date()
    const events = Boolean(config.followThrough.eventsWebhookUrl)
    const action = field('action')

    if (action === 'take') {
      let by = grant.recipient
      if (grant.via === 'chat') {
        const name = field('name')
          .replace(/\p{Cc}/gu, '')
          .slice(0, 100)
        if (!name) return show(c, grant, { tone: 'warn', text: 'Give your name to take it.' }, 422)
        by = `${name} (${grant.recipient})`
      }
      const outcome = await takeLead(db, grant.leadId, { by, via: grant.via, now, events })
      if (outcome.taken) {
        log.info('lead-taken', { lead: grant.leadId, via: grant.via })
        if (events) options.wakeOutbox()
        return back('taken')
      }
      return outcome.reason === 'no-such-lead' ? show(c, grant) : back('already-taken')
    }

    const lead = await db.selectFrom('leads').select(['owner']).where('id', '=', grant.leadId).executeTakeFirst()
    if (!lead) return show(c, grant)
    if (!lead.owner || !ownsIt(lead.owner, grant)) {
      return show(c, grant, { tone: 'warn', text: 'Only its owner can change it: take it first.' }, 422)
    }
    const actor: Actor = { by: lead.owner, via: grant.via, now, events }
    if (action === 'hand-back') {
      await handBackLead(db, grant.leadId, actor, lead.owner)
      log.info('lead-handed-back', { lead: grant.leadId, via: grant.via })
      if (events) options.wakeOutbox()
      return back('handed-back')
    }
    if (action === 'status') {
      const change = statusChangeOf(field('status'), field('value'), field('reason'))
      if (!change.success) return show(c, grant, { tone: 'warn', text: change.error }, 422)
      if (change.data.reason && !(await lostReasons(options.routing)).includes(change.data.reason)) {
        return show(c, grant, { tone: 'warn', text: 'Choose a reason from the list.' }, 422)
      }
      await setLeadStatus(db, grant.leadId, change.data, actor)
      log.info('lead-status-set', { lead: grant.leadId, status: change.data.status, via: grant.via })
      if (events) options.wakeOutbox()
      return back('status')
    }
    return show(c, grant, { tone: 'warn', text: 'Nothing was changed: press one of the buttons.' }, 422)
  })

  return app
}

/** The link's reader owns the lead: its address took it, or (a chat link) someone of its channel did. */
function ownsIt(owner: string, grant: TakeGrant): boolean {
  return grant.via === 'chat' ? owner.endsWith(` (${grant.recipient})`) : owner === grant.recipient
}

/** The routing document's lost reasons (the Studio's list), or the defaults when it lists none. */
export async function lostReasons(routing: () => Promise<LeadRouting | undefined>): Promise<readonly string[]> {
  const listed = (await routing())?.lostReasons ?? []
  return listed.length > 0 ? listed : DEFAULT_LOST_REASONS
}

/** The take page's form as a status change: only the fields its status uses are read. */
function statusChangeOf(
  status: string,
  value: string,
  reason: string,
): { success: true; data: LeadStatusChange } | { success: false; error: string } {
  const candidate: Record<string, unknown> = { status }
  if (status === 'won') candidate.value = value.replace(/[$,\s]/g, '') || undefined
  if (status === 'lost') candidate.reason = reason || undefined
  const parsed = leadStatusChangeSchema.safeParse(candidate)
  if (parsed.success) return { success: true, data: parsed.data }
  return { success: false, error: parsed.error.issues[0]?.message ?? 'Not a valid status' }
}
