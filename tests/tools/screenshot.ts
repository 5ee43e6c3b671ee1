/**
 * Screenshots of site routes at phone and desktop widths, for looking at what we build.
 * Usage: tsx tests/tools/screenshot.ts --base http://127.0.0.1:4173 --out /tmp/shots [--widths 390,1280] / /about ...
 */
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const args = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`)
  if (at < 0) return fallback
  const [value] = args.splice(at, 2).slice(1)
  return value ?? fallback
}
const base = option('base', 'http://127.0.0.1:4173')
const out = option('out', '/tmp/shots')
const widths = option('widths', '390,1280').split(',').map(Number)
const paths = args.length > 0 ? args : ['/']

mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console.log(`[${width}px ${message.type()}] ${message.text()}`)
  })
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' })
    const file = `${out}/${path === '/' ? 'home' : path.slice(1).replace(/\//g, '_')}-${width}.png`
    await page.screenshot({ path: file, fullPage: true })
    console.log(file)
  }
  await page.close()
}
await browser.close()
