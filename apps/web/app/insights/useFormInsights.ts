import type { LeadFormName } from '@site/leads/forms'
import { useCallback } from 'react'
import { trackForm } from './track'

/**
 * Watches a lead form for the funnel, from the DOM alone and by field names only: seen (half of it on
 * screen), started (the first field focused), submitted (each submit, unless the form reports it itself),
 * and each field the browser or the form marks invalid (a native `invalid` event, `aria-invalid="true"`).
 */
export function useFormInsights(form: LeadFormName, options: { reportsSubmit?: boolean } = {}) {
  const { reportsSubmit = false } = options
  return useCallback(
    (element: HTMLFormElement | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return
      let started = false
      const seen = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return
          trackForm(form, 'seen')
          seen.disconnect()
        },
        { threshold: 0.5 },
      )
      seen.observe(element)
      const nameOf = (target: EventTarget | null) =>
        target instanceof Element ? (target.getAttribute('name') ?? '') : ''
      const onFocus = (event: FocusEvent) => {
        if (started || !nameOf(event.target)) return
        started = true
        trackForm(form, 'started')
      }
      const onSubmit = () => trackForm(form, 'submitted')
      const onInvalid = (event: Event) => trackForm(form, 'invalid', nameOf(event.target))
      const marked = new MutationObserver((records) => {
        for (const record of records) {
          if (record.target instanceof Element && record.target.getAttribute('aria-invalid') === 'true') {
            trackForm(form, 'invalid', nameOf(record.target))
          }
        }
      })
      marked.observe(element, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'] })
      element.addEventListener('focusin', onFocus)
      element.addEventListener('invalid', onInvalid, true)
      if (!reportsSubmit) element.addEventListener('submit', onSubmit, true)
      return () => {
        seen.disconnect()
        marked.disconnect()
        element.removeEventListener('focusin', onFocus)
        element.removeEventListener('invalid', onInvalid, true)
        element.removeEventListener('submit', onSubmit, true)
      }
    },
    [form, reportsSubmit],
  )
}
