import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testBrowser'
import {
  DATASET_DIR,
  DATASET_FILE,
  LAKE_PORT,
  LAKE_TOKEN,
  LEAD_RECEIVER_PORT,
  LEADS_URL,
  PREVIEW_PORT,
  PREVIEW_URL,
  PUBLISH_PORT,
  REQUEST_LOG,
  SITE_PORT,
  SITE_URL,
  STUDIO_PORT,
  STUDIO_URL,
  WEBHOOK_SECRET,
} from './studioServer'

/** The lead store and delivery settings of both processes that open it: the Leads tool's server and the dev site. */
const LEAD_STORE_ENV = {
  LEADS_DATA_DIR: `${DATASET_DIR}/leads`,
  LEADS_ADMIN_TOKEN: 'studio-e2e-lead-admin-token',
  CONTACT_WEBHOOK_URL: `http://127.0.0.1:${LEAD_RECEIVER_PORT}/contact`,
  LEAD_RETRY_BASE_MS: '200',
  LEAD_RETRY_MAX_MS: '500',
  LEAD_RETRY_WINDOW_HOURS: '0.001',
  LEAD_OUTBOX_POLL_MS: '100',
  // The proof of work stays on (the browser solves it); a test fills a form faster than a person, and sends
  // one address more than once.
  LEAD_MIN_FILL_SECONDS: '0',
  LEAD_DUPLICATE_WINDOW: '0',
  // Every lead's e-mail to the team; with no SMTP_URL on either process it waits, queued (the Leads tool shows it).
  LEAD_NOTIFY_EMAIL: 'sales@advisorgrowth.test',
}

/**
 * How long each server may take to answer its address: a bound against a server that never starts, not a
 * guess at how long it takes (the Studio is built first: about 1.1 min on a quiet machine, much more beside
 * other suites).
 */
const SERVER_START_LIMIT = 600_000

/**
 * The real Sanity Studio against the local Content Lake, the dev site reading the same dataset (its forms posting
 * to the Leads tool's lead server), and the site in preview mode for the Studio's Presentation tool.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Every wait is for a state of the Studio, the sites or the lead server (Publish enabled once the document is
  // saved and valid, a lead in the list, a page published), for as long as the test may run: an assertion has no
  // time of its own (0; toPass has none by default either). How long the Studio takes to validate or save
  // depends on the machine's load: at load 16–18 on 2 cores, Publish stayed disabled past a 15 s default and 5
  // of 22 tests failed. The test's timeout is the one limit (twice the 90 s it was; the long tests set their own).
  timeout: 180_000,
  expect: { timeout: 0 },
  use: {
    baseURL: STUDIO_URL,
    viewport: { width: 1400, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: 'bash serve.sh',
      url: STUDIO_URL,
      timeout: SERVER_START_LIMIT,
      env: {
        STUDIO_PORT: String(STUDIO_PORT),
        CONTENT_LAKE_PORT: String(LAKE_PORT),
        CONTENT_LAKE_TOKEN: LAKE_TOKEN,
        CONTENT_SEED_FILE: DATASET_FILE,
        CONTENT_LAKE_REQUEST_LOG: REQUEST_LOG,
        SANITY_STUDIO_PREVIEW_URL: PREVIEW_URL,
        // The Leads tool's server (the lead endpoint, the admin API) on a store of its own, shared with the dev
        // site below, delivering to the tests' receiver, with a retry window of 3.6 s (dead-lettered quickly).
        SANITY_STUDIO_LEADS_URL: LEADS_URL,
        ...LEAD_STORE_ENV,
        // The lake's webhook to the publish endpoint catchUp.spec.ts runs (nothing listens during the other specs).
        CONTENT_LAKE_WEBHOOKS: JSON.stringify([
          {
            id: 'studio-e2e',
            url: `http://127.0.0.1:${PUBLISH_PORT}/api/publish`,
            secret: WEBHOOK_SECRET,
            projection: '{_id}',
          },
        ]),
      },
    },
    {
      command: `bash ../../scripts/pnpm.sh --filter @site/server dev --host 127.0.0.1 --port ${SITE_PORT} --strictPort`,
      url: SITE_URL,
      timeout: SERVER_START_LIMIT,
      // Its forms store into the Leads tool's store (leads.spec.ts: a consent edited in the Studio): the embedded
      // store is shared by processes, and the checkout's `.data/leads` is left to a developer's server.
      env: { CONTENT_SEED_FILE: DATASET_FILE, ...LEAD_STORE_ENV },
    },
    {
      command: `bash ../../scripts/pnpm.sh --filter @site/web exec react-router dev --host 127.0.0.1 --port ${PREVIEW_PORT} --strictPort`,
      url: PREVIEW_URL,
      timeout: SERVER_START_LIMIT,
      env: {
        CONTENT_SEED_FILE: DATASET_FILE,
        VITE_SANITY_PREVIEW: 'true',
        CONTENT_VALIDATION: 'lenient',
        SANITY_STUDIO_URL: STUDIO_URL,
      },
    },
  ],
})
