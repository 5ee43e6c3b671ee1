import { describe, expect, it } from 'vitest'
import { leadView } from '../../apps/server/src/leads/delivery/teamEmail'
import { renderTakePage, type TakePageModel } from '../../apps/server/src/leads/followThrough/takePage'

// Issue 42, point 2: whoever opens a lead offered in the rotation sees whose turn it is and until when; the
// person whose turn it is reads what happens when the window ends.
const view = leadView(
  {
    id: '6f1c2d7e-0000-4000-8000-000000000001',
    form: 'contact',
    payload: { name: 'Dana Reyes', email: 'dana@reyeswealth.test', interest: 'funnels' },
    attribution: null,
    received_at: new Date('2026-11-27T15:40:00Z'),
  },
  'http://localhost:3333',
)
const model = (reader: string, offer: TakePageModel['offer']): TakePageModel => ({
  view,
  reader: { recipient: reader, chat: false },
  owner: null,
  takenAt: null,
  offer,
  mine: false,
  held: false,
  status: 'new',
  wonValue: null,
  lostReason: null,
  events: [],
  lostReasons: [],
})
const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
const offer = { to: 'ana@advisorgrowth.test', until: new Date('2026-11-27T15:45:00Z') }

describe('the take page of a lead in the rotation', () => {
  it('tells the person whose turn it is until when, and what happens then', () => {
    expect(text(renderTakePage(model('Ana@advisorgrowth.test', offer)))).toContain(
      'Offered to you until 27 Nov 2026, 15:45 UTC : not taken by then, it goes to the next person.',
    )
  })

  it('tells anyone else whose turn it is', () => {
    const page = text(renderTakePage(model('ben@advisorgrowth.test', offer)))
    expect(page).toContain('Offered to ana@advisorgrowth.test until 27 Nov 2026, 15:45 UTC.')
    expect(page).not.toContain('Offered to you')
  })

  it('says nothing of an offer when there is none (no rotation, or its window has passed)', () => {
    expect(text(renderTakePage(model('ben@advisorgrowth.test', null)))).not.toContain('Offered to')
  })
})
