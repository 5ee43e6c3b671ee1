import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { waitForHydration } from './support/pageChecks'
import { seedRoutes } from './support/routes'

const webDir = fileURLToPath(new URL('../../apps/web', import.meta.url))
const dist = join(webDir, 'dist')

test('every route is served with a strict Content Security Policy', async ({ request }) => {
  for (const path of seedRoutes()) {
    const policy = (await request.get(path)).headers()['content-security-policy'] ?? ''
    expect(policy, path).toContain("object-src 'none'")
    expect(policy, path).toContain("base-uri 'none'")
    expect(policy, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    expect(policy, path).not.toContain("script-src 'self' 'unsafe-inline'")
    // The default build's forms post to the site itself: no webhook origin may be reached from the page.
    expect(policy, path).toContain("connect-src 'self';")
    expect(policy, path).toContain('frame-src https://docs.google.com;')
    expect(policy, path).toContain("frame-ancestors 'self' http://localhost:3333")
  }
})

test('no route, navigation or form send violates the policy', async ({ page }) => {
  test.setTimeout(120_000) // it loads and hydrates every route
  const violations: string[] = []
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`,
      ),
    )
  })
  for (const path of [...seedRoutes(), '/no-such-page']) {
    await page.goto(path)
    await waitForHydration(page)
  }
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click()
  await expect(page).toHaveURL('/resources')
  await page.goto('/contact')
  await waitForHydration(page)
  await page.getByLabel(/name/i).first().fill('Policy Check')
  await page.getByLabel(/email/i).first().fill(`csp-${Date.now()}@example.com`)
  await page.locator('select').first().selectOption('app')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message Sent!')).toBeVisible()
  expect(violations).toEqual([])
})

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

test('the built site contains nothing token-like', () => {
  const patterns: Array<[string, RegExp]> = [
    ['Sanity token', /\bsk[A-Za-z0-9]{60,}/],
    ['token variable', /SANITY_(READ_|API_|AUTH_)?TOKEN/],
    ['bearer credential', /Bearer\s+[A-Za-z0-9._-]{20,}/],
    ['AWS key', /AKIA[0-9A-Z]{16}/],
    ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ]
  const findings = files(dist).flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return patterns.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${name} in ${file.slice(dist.length)}`)
  })
  expect(findings).toEqual([])
})

test('the build refuses a Sanity token in a VITE_ variable', () => {
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: webDir,
    env: { ...process.env, VITE_SANITY_READ_TOKEN: 'skThisWouldBePublishedInTheBundle0123456789' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(result.status).not.toBe(0)
  expect(`${result.stdout}${result.stderr}`).toContain('Refusing to build: VITE_SANITY_READ_TOKEN would be published')
})
