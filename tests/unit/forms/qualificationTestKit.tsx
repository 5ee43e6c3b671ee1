import type { QuestionId } from '@site/leads/schemas/questions'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { expect, vi } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { QualificationForm } from '../../../apps/web/app/forms/qualification/QualificationForm'
import { SiteToaster } from '../../../apps/web/app/forms/shared/SiteToaster'
import { server } from '../support/mswServer'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

/** Shared set-up of the qualification tests: seed copy, rendering, answering, and the webhook. */

export const WEBHOOK_URL = 'https://hooks.example.test/qualify'

export interface QualifyContent {
  section: SectionOf<'qualificationFormSection'>
  settings: SiteSettings
}

export async function loadQualifyContent(): Promise<QualifyContent> {
  return { section: await seedSection('/qualify', 'qualificationFormSection'), settings: await seedSettings() }
}

/** A direct build (the spec's original mode) pointed at WEBHOOK_URL, read when the form sends. */
export function useTestWebhookUrl() {
  vi.stubEnv('VITE_LEAD_DELIVERY', 'direct')
  vi.stubEnv('VITE_QUALIFY_WEBHOOK_URL', WEBHOOK_URL)
}

export function renderQualificationForm({ section, settings }: QualifyContent): UserEvent {
  const user = userEvent.setup()
  renderWithTheme(
    <>
      <QualificationForm section={section} phone={settings.contactPhone ?? ''} headingLevel="h2" />
      <SiteToaster />
    </>,
    { path: '/qualify' },
  )
  return user
}

/** Every JSON body POSTed to the webhook; `fail` answers with a network error instead. */
export function captureWebhook({ fail = false }: { fail?: boolean } = {}): unknown[] {
  const bodies: unknown[] = []
  server.use(
    http.post(WEBHOOK_URL, async ({ request }) => {
      bodies.push(JSON.parse(await request.text()))
      return fail ? HttpResponse.error() : new HttpResponse(null, { status: 200 })
    }),
  )
  return bodies
}

export function promptOf(section: QualifyContent['section'], id: QuestionId): string {
  const prompt = section.questions?.find((question) => question.questionId === id)?.prompt
  if (!prompt) throw new Error(`The seed has no prompt for ${id}`)
  return prompt
}

/** The text box on screen (the honeypot is hidden from the accessibility tree, so it never matches). */
export const textBox = () => screen.getByRole('textbox')

/**
 * Waits until the form has reacted to Continue/Enter on `element`'s question (validation is async):
 * the question was replaced, an error appeared, or the answers are being sent.
 */
export async function settled(element: Element) {
  await waitFor(() => {
    const moved = !element.isConnected
    const rejected = screen.queryByRole('alert') !== null
    const sending = screen.queryByRole('button', { name: 'Submitting...' }) !== null
    expect(moved || rejected || sending).toBe(true)
  })
}

/** Puts `value` in the text box on screen (pasted, for speed) and presses Enter. */
export async function answerText(user: UserEvent, value: string) {
  const box = textBox()
  await user.clear(box)
  await user.paste(value)
  await user.keyboard('{Enter}')
  await settled(box)
}

export async function choose(user: UserEvent, option: string) {
  const radio = screen.getByRole('radio', { name: option })
  await user.click(radio)
  await user.click(screen.getByRole('button', { name: /^(Continue|Complete)$/ }))
  await settled(radio)
}

export const CONTACT_ANSWERS = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@doewealth.com',
  phone: '(864) 555-0142',
  company: 'Doe Wealth',
} as const

export async function answerContactQuestions(user: UserEvent, answers: Record<string, string> = CONTACT_ANSWERS) {
  for (const value of Object.values(answers)) await answerText(user, value)
}

/** Waits for question `id` at `position` of `count` (counter, progress bar, prompt); returns its radio group, if a choice. */
export async function expectQuestion(
  section: QualifyContent['section'],
  id: QuestionId,
  position: number,
  count: number,
) {
  const prompt = promptOf(section, id)
  return waitFor(() => {
    expect(screen.getByText(`Question ${position} of ${count}`)).toBeInTheDocument()
    const bar = screen.getByRole('progressbar')
    expect(bar).toHaveAttribute('aria-valuenow', String(position))
    expect(bar).toHaveAttribute('aria-valuemax', String(count))
    expect(bar).toHaveAttribute('aria-valuemin', '0')
    expect(bar).toHaveAccessibleName(`Question ${position} of ${count}`)
    const group = screen.queryByRole('radiogroup', { name: prompt })
    if (group) return within(group)
    expect(screen.getByRole('textbox', { name: prompt })).toBeInTheDocument()
    return null
  })
}

/**
 * The toasts with this title already on screen. sonner replays the toasts still open from earlier tests
 * into a new Toaster, so a test looks for a toast that is not in this set (see findNewToast).
 */
export const toastsShown = (title: string) => new Set(screen.queryAllByText(title))

/** Waits for a toast titled `title` that was not shown before, with `description`, and returns it. */
export async function findNewToast(title: string, description: string, before: Set<HTMLElement>) {
  const toast = await waitFor(() => {
    const fresh = screen.queryAllByText(title).find((element) => !before.has(element))
    expect(fresh).toBeDefined()
    return fresh!.closest('[data-sonner-toast]')
  })
  if (!(toast instanceof HTMLElement)) throw new Error(`"${title}" is not inside a toast`)
  expect(within(toast).getByText(description)).toBeInTheDocument()
  return toast
}

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
