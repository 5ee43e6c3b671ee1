import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Registered after setup.ts's hooks, so it runs before them: the tree is unmounted before msw forgets its handlers.
afterEach(() => cleanup())

// jsdom lays nothing out, so it has no scrollIntoView: the questionnaire scrolls its question below the header.
Element.prototype.scrollIntoView ??= () => {}
