import { screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import type { ReactElement } from 'react'
import { SiteToaster } from '../../../apps/web/app/forms/shared/SiteToaster'
import { notify } from '../../../apps/web/app/forms/shared/toast'
import { server } from '../support/mswServer'
import { renderWithTheme } from '../support/render'

/** Shared set-up of the lead-form tests: rendering with the page's toaster, the webhooks, the toasts. */

/** Renders a form section as a page shows it: with the one notification region beside it. */
export function renderWithToaster(ui: ReactElement, path = '/'): UserEvent {
  notify.dismissAll() // toasts of earlier tests would otherwise reappear in this toaster
  const user = userEvent.setup()
  renderWithTheme(
    <>
      {ui}
      <SiteToaster />
    </>,
    { path },
  )
  return user
}

export interface CapturedWebhook {
  /** The JSON bodies POSTed, in order. */
  bodies: unknown[]
  contentTypes: Array<string | null>
}

/**
 * Records every POST to `url`. `fail` answers with a network error (the send throws) instead;
 * `answerAfter` holds the answer until that promise settles (to see the sending state).
 */
export function captureWebhook(
  url: string,
  { fail = false, answerAfter }: { fail?: boolean; answerAfter?: Promise<void> } = {},
): CapturedWebhook {
  const captured: CapturedWebhook = { bodies: [], contentTypes: [] }
  server.use(
    http.post(url, async ({ request }) => {
      captured.bodies.push(JSON.parse(await request.text()))
      captured.contentTypes.push(request.headers.get('content-type'))
      await answerAfter
      return fail ? HttpResponse.error() : new HttpResponse(null, { status: 200 })
    }),
  )
  return captured
}

/** Form code loads lazily: the first import of the form libraries can take a while. */
export const LAZY_LOAD = { timeout: 30_000 }

/** The notification region (SPEC section 8). */
export function notifications() {
  return screen.getByRole('region', { name: /^Notifications/ })
}

/** Waits for a toast with this title and description, and returns its element. */
export async function findToast(title: string, description: string) {
  const toast = (await within(notifications()).findByText(title)).closest('[data-sonner-toast]')
  if (!(toast instanceof HTMLElement)) throw new Error(`"${title}" is not inside a toast`)
  if (!within(toast).queryByText(description)) throw new Error(`The toast "${title}" does not say "${description}"`)
  return toast
}

/** Titles of the toasts currently shown. */
export function toastTitles(): string[] {
  return Array.from(
    notifications().querySelectorAll('[data-sonner-toast] [data-title]'),
    (node) => node.textContent ?? '',
  )
}

/** A promise to hold a webhook's answer with, and the function that lets it answer. */
export function heldAnswer(): { answerAfter: Promise<void>; answer: () => void } {
  let answer: () => void = () => {}
  const answerAfter = new Promise<void>((resolve) => (answer = resolve))
  return { answerAfter, answer }
}

/** Replaces a field's text; long values are pasted, which is faster than typing them. */
export async function enter(user: UserEvent, control: HTMLElement, value: string) {
  await user.clear(control)
  if (!value) return
  await user.click(control)
  if (value.length > 40) await user.paste(value)
  else await user.type(control, value)
}

/** An ISO 8601 date-time as Date.toISOString writes it. */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
