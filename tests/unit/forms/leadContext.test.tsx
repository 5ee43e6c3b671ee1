import { screen } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { ResourceGateSlot } from '../../../apps/web/app/forms/gate/ResourceGateSlot'
import {
  forgetVisit,
  recordArrival,
  rememberVariant,
  touchOf,
  visitAttribution,
} from '../../../apps/web/app/forms/shared/attribution'
import { ContentSourceContext } from '../../../apps/web/app/forms/shared/consentSource'
import { GiveawayFormSection } from '../../../apps/web/app/sections/GiveawayFormSection'
import { loadRoute, seedSection, seedSettings } from '../support/seed'
import { captureWebhook, enter, ISO_DATE_TIME, LAZY_LOAD, renderWithToaster } from './formTestKit'

const SITE = 'https://advisorgrowth.example'

describe("a visit's attribution (in the page's memory, nothing stored)", () => {
  beforeEach(() => forgetVisit())

  it('reads the landing page, an outside referrer, utm_* and the click ids of an arrival', () => {
    const href = `${SITE}/ads?utm_source=linkedin&utm_medium=paid&utm_campaign=fall&utm_term=ria&utm_content=a&gclid=G1&fbclid=F1&msclkid=M1&x=1`
    expect(touchOf(href, 'https://www.linkedin.com/feed', new Date('2026-11-25T10:00:00Z'))).toStrictEqual({
      at: '2026-11-25T10:00:00.000Z',
      landingPage: href,
      referrer: 'https://www.linkedin.com/feed',
      utm_source: 'linkedin',
      utm_medium: 'paid',
      utm_campaign: 'fall',
      utm_term: 'ria',
      utm_content: 'a',
      gclid: 'G1',
      fbclid: 'F1',
      msclkid: 'M1',
    })
    // A page of the site itself is no referrer.
    expect(touchOf(`${SITE}/contact`, `${SITE}/ads`, new Date('2026-11-25T10:00:00Z'))).toStrictEqual({
      at: '2026-11-25T10:00:00.000Z',
      landingPage: `${SITE}/contact`,
    })
  })

  it('keeps the first touch of the visit, and as last touch the latest arrival from a campaign or another site', () => {
    expect(visitAttribution(`${SITE}/contact`)).toBeUndefined()
    recordArrival(`${SITE}/?utm_source=google&gclid=G1`, 'https://www.google.com/', new Date('2026-11-25T10:00:00Z'))
    const first = {
      at: '2026-11-25T10:00:00.000Z',
      landingPage: `${SITE}/?utm_source=google&gclid=G1`,
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      gclid: 'G1',
    }
    // A reload of a page of the site changes nothing.
    recordArrival(`${SITE}/about`, `${SITE}/`, new Date('2026-11-25T10:01:00Z'))
    expect(visitAttribution(`${SITE}/contact`)).toStrictEqual({
      page: `${SITE}/contact`,
      firstTouch: first,
      lastTouch: first,
    })
    recordArrival(`${SITE}/app?utm_source=newsletter`, '', new Date('2026-11-25T10:02:00Z'))
    expect(visitAttribution(`${SITE}/contact`)).toStrictEqual({
      page: `${SITE}/contact`,
      firstTouch: first,
      lastTouch: {
        at: '2026-11-25T10:02:00.000Z',
        landingPage: `${SITE}/app?utm_source=newsletter`,
        utm_source: 'newsletter',
      },
    })
    expect(Object.keys(window.localStorage)).toStrictEqual([])
    expect(Object.keys(window.sessionStorage)).toStrictEqual([])
  })

  it('carries the experiment variants the visit was shown, one per experiment, the latest last', () => {
    recordArrival(`${SITE}/`, '', new Date('2026-11-25T10:00:00Z'))
    rememberVariant({ experiment: 'experiment.home-hero', variant: 'b' })
    rememberVariant({ experiment: 'experiment.pricing', variant: 'a' })
    rememberVariant({ experiment: 'experiment.home-hero', variant: 'b' })
    expect(visitAttribution(`${SITE}/contact`)?.experiments).toStrictEqual([
      { experiment: 'experiment.pricing', variant: 'a' },
      { experiment: 'experiment.home-hero', variant: 'b' },
    ])
    expect(Object.keys(window.sessionStorage)).toStrictEqual([])
  })
})

describe('a lead sent to the lead server carries its attribution and consent beside the payload', () => {
  let section: SectionOf<'giveawayFormSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/conference-giveaway', 'giveawayFormSection')
    settings = await seedSettings()
  })
  beforeEach(() => {
    vi.stubEnv('VITE_LEAD_DELIVERY', '')
    forgetVisit()
  })

  it('the giveaway: the opt-in label as rendered, its page document and revision, and the box ticked', async () => {
    const endpoint = captureWebhook(new URL('/api/leads/giveaway', window.location.href).href)
    recordArrival(`${window.location.origin}/?utm_source=linkedin`, 'https://www.linkedin.com/')
    const user = renderWithToaster(
      <ContentSourceContext value={{ documentId: 'page.conference-giveaway', documentRev: 'rev-7' }}>
        <GiveawayFormSection section={section} settings={settings} isPageHeading={false} />
      </ContentSourceContext>,
      '/conference-giveaway',
    )
    await screen.findByRole('button', { name: section.submitLabel! }, LAZY_LOAD)
    const entry = {
      fullName: 'Jane Advisor',
      email: 'jane@practice.com',
      phone: '555-0100',
      company: 'Acme',
      title: 'CEO',
    }
    const labels = [
      section.fullNameLabel,
      section.emailLabel,
      section.phoneLabel,
      section.companyLabel,
      section.titleLabel,
    ]
    for (const [index, value] of Object.values(entry).entries()) {
      await enter(user, screen.getByLabelText(labels[index]!), value)
    }
    await user.click(screen.getByRole('checkbox', { name: section.optInLabel! }))
    await user.click(screen.getByRole('button', { name: section.submitLabel! }))
    await screen.findByRole('heading', { name: section.confirmationHeading! })
    expect(endpoint.bodies).toHaveLength(1)
    const body = endpoint.bodies[0] as Record<string, Record<string, unknown>>
    expect(Object.keys(body)).toStrictEqual(['payload', 'honeypot', 'attribution', 'consent'])
    expect(Object.keys(body.payload ?? {})).toStrictEqual([
      'fullName',
      'email',
      'phone',
      'company',
      'title',
      'optIn',
      'timestamp',
      'source',
    ])
    expect(body.consent).toStrictEqual({
      kind: 'opt-in',
      text: section.optInLabel,
      field: `sections[_key=="${section._key}"].optInLabel`,
      documentId: 'page.conference-giveaway',
      documentRev: 'rev-7',
      checked: true,
    })
    expect(body.attribution).toStrictEqual({
      page: window.location.href,
      firstTouch: {
        at: expect.stringMatching(ISO_DATE_TIME),
        landingPage: `${window.location.origin}/?utm_source=linkedin`,
        referrer: 'https://www.linkedin.com/',
        utm_source: 'linkedin',
      },
      lastTouch: body.attribution?.firstTouch,
    })
  })
})

describe('the gated guide sent to the lead server', () => {
  beforeEach(() => {
    vi.stubEnv('VITE_LEAD_DELIVERY', '')
    forgetVisit()
    window.localStorage.clear()
  })

  it('records its privacy note as a disclosure of the resource document, at its revision, without a checkbox', async () => {
    const { resource } = await loadRoute('/resources/scaling-guide')
    if (!resource) throw new Error('the seed has no /resources/scaling-guide')
    const endpoint = captureWebhook(new URL('/api/leads/guide', window.location.href).href)
    const user = renderWithToaster(
      <ContentSourceContext value={{ documentId: 'resource.scaling-guide', documentRev: 'rev-3' }}>
        <ResourceGateSlot gate={resource.gate} resourceTitle={resource.title}>
          <p>The guide</p>
        </ResourceGateSlot>
      </ContentSourceContext>,
      '/resources/scaling-guide',
    )
    await screen.findByRole('button', { name: 'Unlock Guide' }, LAZY_LOAD)
    await enter(user, screen.getByLabelText(resource?.gate?.nameLabel ?? ''), 'Jane Advisor')
    await enter(user, screen.getByLabelText(resource?.gate?.emailLabel ?? ''), 'jane@practice.com')
    await enter(user, screen.getByLabelText(resource?.gate?.phoneLabel ?? ''), '555-0100')
    await user.click(screen.getByRole('button', { name: 'Unlock Guide' }))
    await screen.findByText('The guide')
    expect(endpoint.bodies).toHaveLength(1)
    const body = endpoint.bodies[0] as Record<string, unknown>
    // No visit was recorded in this tab: the lead goes without attribution rather than with a made-up one.
    expect(Object.keys(body)).toStrictEqual(['payload', 'honeypot', 'consent'])
    expect(body.consent).toStrictEqual({
      kind: 'disclosure',
      text: 'We respect your privacy. Unsubscribe at any time.',
      field: 'gate.privacyNote',
      documentId: 'resource.scaling-guide',
      documentRev: 'rev-3',
    })
  })
})
