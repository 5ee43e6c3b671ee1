/** @jsxRuntime automatic */
/** @jsxImportSource react */
// tsx compiles this with esbuild, which reads no tsconfig here: the pragmas ask for the automatic JSX runtime.

import { LEAD_FORM_TITLES } from '@site/leads/admin'
import { LEAD_STATUS_TITLES, LEAD_STATUSES, type LeadStatus } from '@site/leads/followThrough'
import { scoreText } from '@site/leads/routing'
import { renderToStaticMarkup } from 'react-dom/server'
import type { LeadEvent } from '../db/tables.ts'
import type { LeadView } from '../delivery/teamEmail.tsx'

/** What the take page shows: the lead, who owns it, its status and history, and what this reader may do. */
export interface TakePageModel {
  view: LeadView
  /** Who the link was sent to (an address, or a chat channel whose member types their name). */
  reader: { recipient: string; chat: boolean }
  owner: string | null
  takenAt: Date | null
  /** The rotation's current offer, while it runs: whose turn it is, and until when. */
  offer: { to: string; until: Date } | null
  /** The reader owns it: they may set its status and hand it back. */
  mine: boolean
  held: boolean
  status: LeadStatus
  wonValue: number | null
  lostReason: string | null
  events: LeadEvent[]
  lostReasons: readonly string[]
  /** A line saying what the last press did, or why it did not. */
  notice?: { tone: 'ok' | 'warn'; text: string }
}

const EVENT_WORDS = { taken: 'Taken', 'handed-back': 'Handed back', status: 'Status set to' } as const
const VIA_WORDS: Record<string, string> = {
  email: 'the e-mail',
  digest: 'the daily digest',
  chat: 'chat',
  studio: 'the Studio',
  cli: 'the command line',
  crm: 'the CRM',
}

/** `27 Nov 2026, 15:41 UTC`: the same for every reader, whatever their mail client's zone. */
export function pageTime(date: Date): string {
  return `${date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`
}

export function renderTakePage(model: TakePageModel): string {
  return `<!doctype html>${renderToStaticMarkup(<TakePage model={model} />)}`
}

/** A page for a link that cannot be used (invalid, expired, the lead erased), with what to do instead. */
export function renderTakeProblem(title: string, text: string, studioLink: string): string {
  return `<!doctype html>${renderToStaticMarkup(
    <Frame title={title}>
      <main className="card">
        <h1>{title}</h1>
        <p className="lede">{text}</p>
        <p>
          <a className="button secondary" href={studioLink}>
            Open the Leads tool
          </a>
        </p>
      </main>
    </Frame>,
  )}`
}

function TakePage({ model }: { model: TakePageModel }) {
  const { view } = model
  return (
    <Frame title={`${view.name} · take this lead`}>
      <main className="card">
        <p className="eyebrow">
          {LEAD_FORM_TITLES[view.form]} lead · received {pageTime(view.receivedAt)}
        </p>
        <h1>{view.name}</h1>
        {view.company && <p className="company">{view.company}</p>}
        {view.score && <p className="score">{scoreText(view.score)}</p>}
        {view.deciding.length > 0 && (
          <ul className="chips">
            {view.deciding.map((answer) => (
              <li key={answer}>{answer}</li>
            ))}
          </ul>
        )}
        <ul className="contact">
          {view.email && (
            <li>
              <span>E-mail</span>
              <a href={`mailto:${view.email}`}>{view.email}</a>
            </li>
          )}
          {view.phone && (
            <li>
              <span>Phone</span>
              <a href={`tel:${view.phone.replace(/[^\d+]/g, '')}`}>{view.phone}</a>
            </li>
          )}
        </ul>
        {model.notice && (
          <p className={`notice ${model.notice.tone}`} role="status">
            {model.notice.text}
          </p>
        )}
        <Ownership model={model} />
      </main>
      <section className="card">
        <h2>Answers</h2>
        <dl className="answers">
          {view.answers.map((line) => (
            <div key={line.key}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
          {view.attribution.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card">
        <h2>History</h2>
        <History model={model} />
        <p className="small">
          <a href={view.link}>Open the lead in the Studio</a>
        </p>
      </section>
    </Frame>
  )
}

function Ownership({ model }: { model: TakePageModel }) {
  if (model.held) {
    return <p className="state warn">This lead is held back by the spam checks: release it in the Leads tool first.</p>
  }
  if (!model.owner) {
    return (
      <form method="post" className="take">
        <input type="hidden" name="action" value="take" />
        {model.reader.chat && (
          <label className="field">
            <span>Your name</span>
            <input name="name" required maxLength={100} autoComplete="name" />
          </label>
        )}
        <button type="submit" className="button primary big">
          Take this lead
        </button>
        <p className="small">
          {model.reader.chat ? 'The first to take it owns it.' : `You take it as ${model.reader.recipient}.`} Nobody
          else is offered it once you have.
        </p>
        {model.offer && <OfferLine offer={model.offer} reader={model.reader.recipient} />}
      </form>
    )
  }
  const since = model.takenAt ? ` at ${pageTime(model.takenAt)}` : ''
  if (!model.mine) {
    return (
      <div>
        <p className="state taken">
          Taken by <strong>{model.owner}</strong>
          {since}
        </p>
        <p className="small">Status: {statusText(model)}</p>
      </div>
    )
  }
  return (
    <div>
      <p className="state mine">
        You own this lead (taken{since}). Status: <strong>{statusText(model)}</strong>
      </p>
      <form method="post" className="status">
        <input type="hidden" name="action" value="status" />
        <label className="field">
          <span>Status</span>
          <select name="status" defaultValue={model.status}>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {LEAD_STATUS_TITLES[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Value if won ($)</span>
          <input name="value" inputMode="decimal" placeholder="e.g. 5000" />
        </label>
        <label className="field">
          <span>Reason if lost</span>
          <select name="reason" defaultValue="">
            <option value="">—</option>
            {model.lostReasons.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button primary">
          Save the status
        </button>
      </form>
      <form method="post" className="handback">
        <input type="hidden" name="action" value="hand-back" />
        <button type="submit" className="button secondary">
          Hand it back
        </button>
      </form>
    </div>
  )
}

/** Whose turn it is in the rotation: the reader's own turn says what happens when it ends. */
function OfferLine({ offer, reader }: { offer: NonNullable<TakePageModel['offer']>; reader: string }) {
  if (offer.to.toLowerCase() === reader.toLowerCase()) {
    return (
      <p className="state offer">
        Offered to you until <strong>{pageTime(offer.until)}</strong>: not taken by then, it goes to the next person.
      </p>
    )
  }
  return (
    <p className="small">
      Offered to {offer.to} until {pageTime(offer.until)}.
    </p>
  )
}

function statusText(model: TakePageModel): string {
  const title = LEAD_STATUS_TITLES[model.status]
  if (model.status === 'won' && model.wonValue !== null) return `${title} ($${model.wonValue.toLocaleString('en-US')})`
  if (model.status === 'lost' && model.lostReason) return `${title}: ${model.lostReason}`
  return title
}

function History({ model }: { model: TakePageModel }) {
  const lines = [
    { key: 'received', what: 'Received', when: model.view.receivedAt, who: '' },
    ...model.events.map((event) => ({
      key: event.id,
      what: `${EVENT_WORDS[event.kind]}${event.kind === 'status' && event.status ? ` ${LEAD_STATUS_TITLES[event.status]}` : ''}${
        event.value !== null ? ` ($${event.value.toLocaleString('en-US')})` : ''
      }${event.reason ? `: ${event.reason}` : ''}`,
      when: event.recorded_at,
      who: `by ${event.actor} through ${VIA_WORDS[event.via] ?? event.via}`,
    })),
  ]
  return (
    <ol className="history">
      {lines.map((line) => (
        <li key={line.key}>
          <strong>{line.what}</strong> <span>{line.who}</span>
          <time dateTime={line.when.toISOString()}>{pageTime(line.when)}</time>
        </li>
      ))}
    </ol>
  )
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own fixed style sheet */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <header className="bar">
          <span className="mark" aria-hidden="true">
            A
          </span>
          <span>AdvisorGrowth · Leads</span>
        </header>
        <div className="wrap">{children}</div>
      </body>
    </html>
  )
}

// The site's design tokens (apps/web/app/theme/theme.ts): ink, brand, accent, surfaces, radii, shadows.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f5f7fb;color:#334155;font:16px/1.55 Inter,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.bar{display:flex;align-items:center;gap:10px;padding:14px clamp(16px,4vw,32px);background:#0b1f3a;color:#fff;font-weight:600;letter-spacing:.01em}
.mark{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:8px;background:#1d4ed8;color:#fff;font-weight:800}
.wrap{max-width:760px;margin:0 auto;padding:clamp(16px,4vw,40px) clamp(12px,4vw,32px) 48px;display:grid;gap:20px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;box-shadow:0 4px 12px rgba(15,23,42,.08),0 2px 4px rgba(15,23,42,.04);padding:clamp(20px,4vw,32px)}
h1{margin:4px 0 12px;color:#0f172a;font-size:clamp(1.75rem,1.4rem + 1.4vw,2.25rem);line-height:1.15;overflow-wrap:anywhere}
h2{margin:0 0 14px;color:#0f172a;font-size:1.125rem}
.eyebrow{margin:0;color:#5b6678;font-size:.875rem;text-transform:uppercase;letter-spacing:.06em;font-weight:600}
.lede{font-size:1.0625rem}
.chips{list-style:none;margin:0 0 16px;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.chips li{background:#e8efff;color:#1e40af;border-radius:999px;padding:4px 12px;font-size:.875rem;font-weight:600}
.contact{list-style:none;margin:0 0 20px;padding:0;display:grid;gap:6px}
.contact li{display:flex;gap:12px;flex-wrap:wrap}
.contact span{min-width:64px;color:#5b6678}
a{color:#1d4ed8}
.button{display:inline-flex;align-items:center;justify-content:center;border-radius:10px;border:1px solid transparent;padding:11px 18px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.primary{background:#1d4ed8;color:#fff}
.primary:hover{background:#1e40af}
.secondary{background:#fff;color:#0f172a;border-color:#cbd5e1}
.big{width:100%;padding:16px 20px;font-size:1.125rem}
button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.small{color:#5b6678;font-size:.875rem;margin:10px 0 0}
.state{border-radius:10px;padding:14px 16px;margin:0 0 16px}
.taken{background:#f5f7fb;border:1px solid #e2e8f0;color:#0f172a}
.mine{background:#e3f6ee;color:#065f46}
.warn{background:#fdecea;color:#b42318}
.offer{background:#fff4e0;color:#8a4b00;margin:14px 0 0}
.notice{border-radius:10px;padding:12px 16px;margin:0 0 16px;font-weight:600}
.notice.ok{background:#e3f6ee;color:#065f46}
.notice.warn{background:#fff4e0;color:#8a4b00}
.field{display:grid;gap:4px;margin:0 0 12px}
.field span{font-size:.875rem;font-weight:600;color:#0f172a}
input,select{font:inherit;height:46px;padding:0 12px;border:1px solid #cbd5e1;border-radius:10px;background:#fff;color:#0f172a;width:100%}
.status{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:0 12px;align-items:end}
.status .button{margin-bottom:12px;height:46px}
.company{margin:-6px 0 14px;color:#334155;font-size:1.0625rem}
.score{margin:0 0 14px;padding:8px 12px;border-left:4px solid #1d4ed8;background:#eff6ff;color:#0f172a;font-size:.9375rem}
.handback{margin-top:4px}
.answers{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:14px 24px;margin:0}
.answers dt{color:#5b6678;font-size:.8125rem}
.answers dd{margin:2px 0 0;color:#0f172a;white-space:pre-wrap;overflow-wrap:anywhere}
.history{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.history li{display:grid;grid-template-columns:1fr auto;gap:2px 12px;padding:10px 0;border-bottom:1px solid #e2e8f0}
.history li:last-child{border-bottom:0}
.history span{grid-column:1;color:#5b6678;font-size:.875rem}
.history time{grid-column:2;grid-row:1;color:#5b6678;font-size:.875rem;white-space:nowrap}
@media (max-width:480px){.history li{grid-template-columns:1fr}.history time{grid-column:1;grid-row:auto}}
`
