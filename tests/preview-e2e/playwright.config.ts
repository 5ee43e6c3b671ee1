import { defineConfig } from '@playwright/test'

/** The preview build (apps/web/dist-preview) in a browser; the spec serves it itself on this port. */
export const PREVIEW_PORT = 4175

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
})
