/**
 * The browser every Playwright suite drives: Debian's Chromium headless shell, the build Playwright itself runs
 * for headless tests (`scripts/ensure-chromium.sh` installs it). It renders with the same Blink and V8 as the
 * full browser, without the desktop browser's layers, and takes about 40 % less CPU on the same tests
 * (decision 0034). The benchmarks and the screenshot tool keep the full browser (`/usr/bin/chromium`), as a
 * visitor's and Lighthouse's.
 */
export const CHROMIUM_PATH = process.env.TEST_CHROME_PATH ?? '/usr/bin/chromium-headless-shell'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]
