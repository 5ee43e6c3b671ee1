import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testBrowser'

/** `E2E_PORT_OFFSET` moves every port (the direct build's webhook addresses too), so two checkouts can run the suite at once. */
export const E2E_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0)
/** The default build on the production server (forms post to its lead endpoint). */
export const SITE_PORT = 4173 + E2E_PORT_OFFSET
/** The direct build (VITE_LEAD_DELIVERY=direct: the browser calls the webhooks), for the form tests. */
export const DIRECT_SITE_PORT = 4174 + E2E_PORT_OFFSET

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  globalSetup: './support/globalSetup.ts',
  projects: [
    { name: 'server', use: { baseURL: `http://127.0.0.1:${SITE_PORT}` } },
    {
      name: 'direct',
      testMatch: 'forms/**/*.spec.ts',
      testIgnore: 'forms/leadServer.spec.ts',
      use: { baseURL: `http://127.0.0.1:${DIRECT_SITE_PORT}` },
    },
  ],
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
})
