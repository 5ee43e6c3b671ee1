import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { GuideOfferSection } from '../../../apps/web/app/sections/GuideOfferSection'
import { seedSection, seedSettings } from '../support/seed'
import { hostileText, padded } from './arbitraries'
import { LAZY_LOAD, notifications, renderWithToaster } from './formTestKit'

// Rendering is slow next to a schema check: a few dozen runs, each a full render, submit and toast.
const RUNS = 30

/** The one place a visitor's own text is shown back: the guide offer's toast quotes the e-mail typed. */
describe('text a visitor types is shown as text, never as markup', () => {
  let section: SectionOf<'guideOfferSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/sales-guide-offer', 'guideOfferSection')
    settings = await seedSettings()
  })

  it('the guide offer toast quotes the e-mail exactly, trimmed, with no element made from it', async () => {
    const typedEmail = padded(hostileText(4)).filter((email) => email.trim() !== '')
    await fc.assert(
      fc.asyncProperty(typedEmail, async (email) => {
        cleanup()
        const user = renderWithToaster(
          <GuideOfferSection section={section} settings={settings} isPageHeading />,
          '/sales-guide-offer',
        )
        const submit = await screen.findByRole('button', { name: section.submitLabel! }, LAZY_LOAD)
        fireEvent.change(screen.getByLabelText(section.nameLabel!), { target: { value: 'Jane Advisor' } })
        fireEvent.change(screen.getByLabelText(section.emailLabel!), { target: { value: email } })
        await user.click(submit)
        const title = await within(notifications()).findByText('Almost There!')
        const description = title.closest('[data-sonner-toast]')?.querySelector('[data-description]')
        // An e-mail field cannot hold line breaks: the browser drops them as it takes the value.
        const shown = email.replace(/[\r\n]/g, '').trim()
        expect(description?.textContent).toBe(
          `Payment processing will be integrated soon. We'll contact you at ${shown}`,
        )
        expect(description?.childElementCount).toBe(0)
        expect(notifications().querySelectorAll('script, img, svg:not([aria-hidden]), iframe, b, i')).toHaveLength(0)
      }),
      { numRuns: RUNS },
    )
  }, 60_000)
})
