import { expect, test } from '@playwright/test'
import { PREVIEW_URL, SITE_URL } from './studioServer'
import {
  discardDraft,
  openDocument,
  openStudio,
  publish,
  retryMark,
  storedDocument,
  storedDocuments,
  storedDraft,
} from './support'

// Issue 41, points 1, 5 and 9: in the real Studio a marketer creates an experiment on the About page's hero,
// starts it, and promotes its variant: the variant's content becomes the page's through the ordinary publish,
// the experiment ends as promoted and stays readable. (The seed's home-hero experiment is left as it is.)
const LABEL = 'Team headline'
const EYEBROW = 'About us'

type Section = { _key: string; heading?: string; eyebrow?: string; actions?: { label?: string }[] }
const heroOf = (document: Record<string, unknown> | undefined) =>
  ((document?.sections ?? []) as Section[]).find(({ _key }) => _key === 'hero')
const createdNamed = (name: string) =>
  storedDocuments().find(
    (document) => document._type === 'experiment' && document.title === name && !String(document._id).includes('.'),
  ) as { _id: string; status?: string; promotedVariant?: string; variants?: unknown[] } | undefined

test('an experiment created and started in the real Studio, then promoted: the variant becomes the page, published and in its draft', async ({
  page,
}) => {
  test.setTimeout(360_000)
  // A retry makes an experiment of its own: the first attempt's may be promoted already.
  const attempt = retryMark((attempt) => ` (attempt ${attempt})`)
  const NAME = `About hero: team headline${attempt}`
  const VARIANT = { label: LABEL, heading: `Meet the Team That Fills Advisors’ Calendars${attempt}` }
  const created = () => createdNamed(NAME)
  await test.step('create it on the About hero from the A/B template, and look at its variant before it runs', async () => {
    await openStudio(page)
    await page.getByRole('link', { name: 'Experiments' }).click()
    await page.getByTestId('action-intent-button').click()
    await page.locator('[id="title"]').fill(NAME)
    await page.getByRole('combobox', { name: 'Page', exact: true }).fill('About')
    await page.getByRole('option').filter({ hasText: '/about' }).first().click()
    // The Presentation tool links each variant on its page (the control and variant B).
    await expect(page.getByText('Used on 2 pages')).toBeVisible()
    await page.getByRole('textbox', { name: 'Section', exact: true }).fill('hero')
    // The template: the control and a variant B, 50/50. Variant B gets its heading and a label.
    await page.getByTestId('field-variants').getByText('Variant B', { exact: true }).click()
    const variant = page.getByRole('dialog')
    await variant.getByRole('textbox', { name: 'Label', exact: true }).fill(VARIANT.label)
    await variant.getByRole('textbox', { name: 'Heading', exact: true }).fill(VARIANT.heading)
    await page.keyboard.press('Escape')
    await publish(page)
    await expect.poll(created).toMatchObject({
      status: 'draft',
      sectionKey: 'hero',
      page: { _ref: 'page.about' },
      variants: [
        { key: 'a', label: 'Control', weight: 50, control: true },
        { key: 'b', label: VARIANT.label, weight: 50, heading: VARIANT.heading },
      ],
    })
    // The Presentation tool's location of variant B (the preview site, a dev server): the variant, though the
    // experiment is a draft; the page itself, and the site, still show the control.
    const id = created()?._id ?? ''
    const looked = await fetch(`${PREVIEW_URL}/about?experiment=${encodeURIComponent(id)}&variant=b`)
    expect(await looked.text()).toContain(VARIANT.heading)
    expect(await (await fetch(`${PREVIEW_URL}/about`)).text()).not.toContain(VARIANT.heading)
    expect(await (await fetch(`${SITE_URL}/about`)).text()).not.toContain(VARIANT.heading)
  })

  await test.step('start it', async () => {
    await page.getByRole('radio', { name: 'Running' }).check()
    await publish(page)
    await expect.poll(() => created()?.status).toBe('running')
  })

  await test.step('a marketer has an unpublished edit of the About page', async () => {
    await openStudio(page)
    await openDocument(page, 'Pages', 'About')
    await page.getByTestId('field-sections').getByText('Hero', { exact: true }).first().click()
    await page.getByRole('textbox', { name: 'Eyebrow' }).fill(EYEBROW)
    await page.keyboard.press('Escape')
    await expect.poll(() => heroOf(storedDraft('page.about'))?.eyebrow).toBe(EYEBROW)
  })

  await test.step('Promote the team headline', async () => {
    await openStudio(page)
    await openDocument(page, 'Experiments', NAME)
    await page.getByTestId('action-menu-button').click()
    await page.getByRole('menuitem', { name: 'Promote a variant' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Promote ${VARIANT.label}` })
      .click()
    await expect(page.getByText(`${VARIANT.label} is now the page's content`)).toBeVisible()
  })

  // Published: the variant's heading, the rest of the section as it was.
  await expect.poll(() => heroOf(storedDocument('page.about'))?.heading).toBe(VARIANT.heading)
  expect(heroOf(storedDocument('page.about'))).toMatchObject({
    eyebrow: 'About AdvisorGrowth',
    actions: [{ label: 'Talk to Our Team' }],
  })
  // The open draft has it too, with the marketer's edit kept: publishing it later does not bring the old hero back.
  expect(heroOf(storedDraft('page.about'))).toMatchObject({ heading: VARIANT.heading, eyebrow: EYEBROW })
  expect(created()).toMatchObject({ status: 'promoted', promotedVariant: 'b' })
  // The site reading the same dataset shows it.
  await expect
    .poll(async () => (await fetch(`${SITE_URL}/about`)).text(), { timeout: 60_000 })
    .toContain(VARIANT.heading)

  // Still readable, and no longer promotable.
  await page.reload()
  await page.getByTestId('action-menu-button').click()
  await expect(page.getByRole('menuitem', { name: 'Promote a variant' })).toBeDisabled()
  await discardDraft('page.about')
})
