import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'
import { notify } from '../../apps/web/app/forms/shared/toast'

// Registered after setup.ts's hooks, so it runs before them: the tree is unmounted before msw forgets its handlers.
afterEach(() => cleanup())

// jsdom lays nothing out, so it has no scrollIntoView: the questionnaire scrolls its question below the header.
Element.prototype.scrollIntoView ??= () => {}

// Files share a worker and its jsdom (vitest.config.ts): each starts as a first visit does, with nothing stored
// and no notification (sonner keeps its toasts in module state and shows them to the next toaster mounted).
beforeAll(() => {
  localStorage.clear()
  sessionStorage.clear()
  notify.dismissAll()
})

// Components send no visit counts here: a recorder one file starts would post on its 2 s timer into a later
// file's fetch. What the site's recorder sends is the browser tests' to check (tests/e2e/insights.spec.ts).
vi.mock('../../apps/web/app/insights/recorder', () => ({ startRecorder: () => () => {} }))
