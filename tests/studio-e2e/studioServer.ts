import { join } from 'node:path'

/**
 * Ports and files of the Studio under test: its own, so a developer's `pnpm studio` can keep running.
 * `STUDIO_E2E_PORT_OFFSET` moves every port, so two checkouts can run the suite at once.
 */
const OFFSET = Number(process.env.STUDIO_E2E_PORT_OFFSET ?? 0)
export const STUDIO_PORT = 3433 + OFFSET
export const LAKE_PORT = 3434 + OFFSET
export const SITE_PORT = 5273 + OFFSET
/** The site in preview mode (drafts, stega, overlays): what the Studio's Presentation tool frames. */
export const PREVIEW_PORT = 5274 + OFFSET
/** The publish endpoint the lake's webhook calls (catchUp.spec.ts starts and stops it). */
export const PUBLISH_PORT = 4690 + OFFSET
export const WEBHOOK_SECRET = 'studio-e2e-webhook-secret'
export const LAKE_TOKEN = 'studio-e2e-local-editor-token-0123456789abcdef'
export const DATASET_DIR = join(import.meta.dirname, '.dataset')
export const DATASET_FILE = join(DATASET_DIR, 'seed.ndjson')
export const REQUEST_LOG = join(DATASET_DIR, 'requests.log')
export const STUDIO_URL = `http://localhost:${STUDIO_PORT}`
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`
export const PREVIEW_URL = `http://127.0.0.1:${PREVIEW_PORT}`
/** The site's server with the lead store that `pnpm studio` starts for the Leads tool, and a webhook receiver. */
export const LEADS_PORT = 5275 + OFFSET
export const LEADS_URL = `http://127.0.0.1:${LEADS_PORT}`
export const LEAD_RECEIVER_PORT = 5276 + OFFSET
