import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import type { CampaignRow, InsightsReport, LandingPageRow } from '@site/leads/insights'
import { E2E_PORT_OFFSET } from './playwright.config'
import { waitForHydration } from './support/pageChecks'
import { RECORDER_ORIGIN } from './support/webhookRecorder'

// Issue 36: what visitors do on the production server (`pnpm serve` with a store of its own, so no other
// test's visits are counted) is exactly what `pnpm insights --json` reports, with no cookie, no request to
// another origin, and nothing at all from a browser that sends Global Privacy Control.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const PORT = 4176 + E2E_PORT_OFFSET
const ORIGIN = `http://127.0.0.1:${PORT}`
const ADMIN_TOKEN = 'insights-e2e-admin-token'
const EVENTS = '/api/insights/events'
/** Two ordinary desktop browsers (the headless one names itself, and bots are not counted). */
const VISITOR_A =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const VISITOR_B =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
/** Chromium's own services (autofill on pages with forms): not the site's requests. */
const BROWSER_SERVICES = /(^|\.)(googleapis\.com|gvt1\.com|google\.com|gstatic\.com)$/

test.describe.configure({ mode: 'serial' })

let server: ChildProcess | undefined
let dataDir = ''

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-insights-'))
  server = spawn('bash', ['scripts/pnpm.sh', 'serve', '--port', String(PORT)], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      LEADS_DATA_DIR: join(dataDir, 'leads'),
      LEADS_ADMIN_TOKEN: ADMIN_TOKEN,
      QUALIFY_WEBHOOK_URL: `${RECORDER_ORIGIN}/hooks/qualify`,
      LEAD_OUTBOX_POLL_MS: '200',
      // The proof of work stays on; a test answers faster than a person, which the spam tests cover, and on a
      // quiet machine the questionnaire was held as sent too fast (never delivered).
      LEAD_MIN_FILL_SECONDS: '0',
    },
  })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`pnpm serve did not start: ${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`Serving `)) {
        clearTimeout(timer)
        resolve()
      }
    }
    server?.stdout?.on('data', read)
    server?.stderr?.on('data', read)
    server?.once('exit', (code) => reject(new Error(`pnpm serve exited with ${code}: ${output}`)))
  })
})

test.afterAll(async () => {
  if (server?.pid) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    process.kill(-server.pid, 'SIGTERM')
    await exited
  }
  rmSync(dataDir, { recursive: true, force: true })
})

/** Every request a context's pages make, by URL. */
function requestsOf(context: BrowserContext): string[] {
  const urls: string[] = []
  context.on('request', (request) => urls.push(request.url()))
  return urls
}

const elsewhere = (urls: string[]) =>
  urls.filter((url) => {
    const { origin, hostname } = new URL(url)
    return origin !== ORIGIN && !url.startsWith('data:') && !BROWSER_SERVICES.test(hostname)
  })

/**
 * Opens a page and waits until what is typed reaches it. The questionnaire is a lazily loaded island: until it
 * has hydrated, its prerendered Continue is disabled and what is typed goes nowhere (as the form tests'
 * openForm waits for; seen under load in CI, for a visitor whose page sent no page view to wait on too).
 */
async function openPage(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
  if (new URL(path, ORIGIN).pathname === '/qualify') {
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled({ timeout: 15_000 })
  }
}

/**
 * Opens a page and waits until its recorder has sent the page view: the recorder loads once the browser is
 * idle, and what a page queued before that is lost if the visitor leaves first (a test clicks faster than
 * a person reads, and on a loaded machine idle comes late).
 */
async function openCounted(page: Page, path: string) {
  const sent = page.waitForRequest((request) => request.url() === `${ORIGIN}${EVENTS}`)
  await openPage(page, path)
  await sent
}

const counter = (page: Page) => page.getByText(/^Question \d+ of \d+$/)

async function answerText(page: Page, prompt: string, value: string, position: string) {
  await expect(counter(page)).toHaveText(position)
  const box = page.getByRole('textbox', { name: prompt })
  await box.click()
  await box.pressSequentially(value)
  await box.press('Enter')
}

async function answerChoice(page: Page, prompt: string, value: string, position: string) {
  await expect(counter(page)).toHaveText(position)
  await page.getByRole('radiogroup', { name: prompt }).getByRole('radio', { name: value, exact: true }).check()
  await page.getByRole('button', { name: /^(Continue|Complete)$/ }).click()
}

async function adminReport(day: string): Promise<InsightsReport> {
  const response = await fetch(`${ORIGIN}/api/admin/insights?from=${day}&to=${day}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as InsightsReport
}

const byKey =
  <Row>(key: (row: Row) => string) =>
  (a: Row, b: Row) =>
    key(a).localeCompare(key(b))

test('campaign visits, an abandoned and a completed questionnaire: pnpm insights --json reports exactly them; no cookie, no other origin, GPC not counted', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const day = new Date().toISOString().slice(0, 10)

  // Visitor A: a newsletter link to the home page, then About and Solutions through the menu.
  const a = await browser.newContext({ baseURL: ORIGIN, userAgent: VISITOR_A })
  const aRequests = requestsOf(a)
  const pageA = await a.newPage()
  await openCounted(pageA, '/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-webinar')
  const menu = pageA.getByRole('navigation').first()
  await menu.getByRole('link', { name: 'About', exact: true }).click()
  await expect(pageA).toHaveURL(`${ORIGIN}/about`)
  await menu.getByRole('link', { name: 'Solutions', exact: true }).click()
  await expect(pageA).toHaveURL(`${ORIGIN}/solutions`)
  // Later, a LinkedIn ad to the questionnaire: three answers, and gone at the phone question.
  await openCounted(pageA, '/qualify?utm_source=linkedin&utm_medium=paid-social&utm_campaign=advisor-q4')
  await answerText(pageA, "What's your first name?", 'Robin', 'Question 1 of 10')
  await answerText(pageA, "What's your last name?", 'Hale', 'Question 2 of 10')
  await answerText(pageA, "What's your email address?", 'robin.hale@example.com', 'Question 3 of 10')
  await expect(counter(pageA)).toHaveText('Question 4 of 10')
  await pageA.getByRole('link', { name: 'Home', exact: true }).first().click()
  await expect(pageA).toHaveURL(`${ORIGIN}/`)

  // Visitor B: a Google ad (with its click id) to the questionnaire, completed as an independent advisor.
  const b = await browser.newContext({ baseURL: ORIGIN, userAgent: VISITOR_B })
  const bRequests = requestsOf(b)
  const pageB = await b.newPage()
  await openCounted(pageB, '/qualify?utm_source=google&utm_medium=cpc&utm_campaign=advisor-q4&gclid=e2e-click')
  await answerText(pageB, "What's your first name?", 'Casey', 'Question 1 of 10')
  await answerText(pageB, "What's your last name?", 'Moreno', 'Question 2 of 10')
  await answerText(pageB, "What's your email address?", 'casey.moreno@example.com', 'Question 3 of 10')
  await answerText(pageB, "What's the best phone number to reach you?", '(864) 555-0177', 'Question 4 of 10')
  await answerText(pageB, "What's the name of your firm or agency?", 'Moreno Advisors', 'Question 5 of 10')
  await answerChoice(pageB, 'Which best describes your role?', 'Independent Advisor', 'Question 6 of 10')
  await answerChoice(pageB, 'What are your current assets under management?', 'Under $25M', 'Question 7 of 11')
  await answerChoice(
    pageB,
    "What's your primary growth challenge right now?",
    'Want to scale my practice',
    'Question 8 of 11',
  )
  await answerChoice(pageB, 'What is your monthly marketing budget?', '$5,000-$10,000', 'Question 9 of 11')
  await answerChoice(pageB, 'When are you looking to get started?', 'Within 1 month', 'Question 10 of 11')
  await answerChoice(
    pageB,
    'Are you the decision maker for marketing investments?',
    'Shared Decision',
    'Question 11 of 11',
  )
  await expect(pageB.getByRole('heading', { name: "You're All Set!" })).toBeVisible()

  // Visitor C sends Global Privacy Control: the same kind of visit, and the page sends nothing to count.
  const c = await browser.newContext({ baseURL: ORIGIN, userAgent: VISITOR_A, extraHTTPHeaders: { 'Sec-GPC': '1' } })
  await c.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }))
  const cRequests = requestsOf(c)
  const pageC = await c.newPage()
  await openPage(pageC, '/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-webinar')
  await pageC.getByRole('navigation').first().getByRole('link', { name: 'About', exact: true }).click()
  await expect(pageC).toHaveURL(`${ORIGIN}/about`)
  await openPage(pageC, '/qualify?utm_source=google&utm_medium=cpc&utm_campaign=advisor-q4')
  await answerText(pageC, "What's your first name?", 'Sam', 'Question 1 of 10')
  await expect(counter(pageC)).toHaveText('Question 2 of 10')

  // The recorder sends every 2 s and when a page is hidden; closing the pages sends what is left.
  await pageA.waitForTimeout(2500)
  for (const page of [pageA, pageB, pageC]) await page.close({ runBeforeUnload: true })
  await expect
    .poll(
      async () => {
        const { totals, forms, questionnaire } = await adminReport(day)
        const answered = (id: string) => questionnaire.all.find((row) => row.question === id)?.answered
        return [totals.pageViews, totals.delivered, forms[2]?.stored, answered('email'), answered('decisionMaker')]
      },
      { timeout: 20_000 },
    )
    .toEqual([6, 1, 1, 2, 1])

  const { stdout } = await promisify(execFile)(
    'bash',
    ['scripts/pnpm.sh', '--silent', 'insights', '--from', day, '--to', day, '--json'],
    { cwd: repoRoot, env: { ...process.env, LEADS_SERVER_URL: ORIGIN, LEADS_ADMIN_TOKEN: ADMIN_TOKEN } },
  )
  const report = JSON.parse(stdout) as InsightsReport
  const zero = {
    visitors: 0,
    pageViews: 0,
    visits: 0,
    leads: 0,
    conversionRate: 0,
    delivered: 0,
    uncountedLeads: { bot: 0, gpc: 0 },
  }
  expect(report.totals).toEqual({
    visitors: 2,
    pageViews: 6,
    visits: 3,
    leads: 1,
    conversionRate: 0.3333,
    delivered: 1,
    uncountedLeads: { bot: 0, gpc: 0 },
  })
  expect(report.previousTotals).toEqual(zero)
  expect(report.landingPages.sort(byKey<LandingPageRow>((row) => row.page))).toEqual([
    { page: '/', visits: 1, leads: 0, conversionRate: 0, delivered: 0, uncounted: 0 },
    { page: '/qualify', visits: 2, leads: 1, conversionRate: 0.5, delivered: 1, uncounted: 0 },
  ])
  expect(report.campaigns.sort(byKey<CampaignRow>((row) => row.source))).toEqual([
    {
      source: 'google',
      medium: 'cpc',
      campaign: 'advisor-q4',
      visits: 1,
      leads: 1,
      conversionRate: 1,
      delivered: 1,
      uncounted: 0,
    },
    {
      source: 'linkedin',
      medium: 'paid-social',
      campaign: 'advisor-q4',
      visits: 1,
      leads: 0,
      conversionRate: 0,
      delivered: 0,
      uncounted: 0,
    },
    {
      source: 'newsletter',
      medium: 'email',
      campaign: 'fall-webinar',
      visits: 1,
      leads: 0,
      conversionRate: 0,
      delivered: 0,
      uncounted: 0,
    },
  ])
  const none = { seen: 0, started: 0, submitted: 0, stored: 0, invalid: {}, leads: 0, delivered: 0 }
  expect(report.forms).toEqual([
    { form: 'contact', ...none },
    { form: 'guide', ...none },
    { form: 'qualify', seen: 2, started: 2, submitted: 1, stored: 1, invalid: {}, leads: 1, delivered: 1 },
    { form: 'giveaway', ...none },
  ])
  const step = (question: string, reached: number, answered: number) => ({
    question,
    reached,
    answered,
    left: reached - answered,
  })
  expect(report.questionnaire.all).toEqual([
    step('firstName', 2, 2),
    step('lastName', 2, 2),
    step('email', 2, 2),
    step('phone', 2, 1),
    step('company', 1, 1),
    step('role', 1, 1),
    step('numberOfAdvisors', 0, 0),
    step('numberOfAgents', 0, 0),
    step('production12Month', 0, 0),
    step('writesAnnuities', 0, 0),
    step('annuityProduction', 0, 0),
    step('currentAUM', 1, 1),
    step('primaryChallenge', 1, 1),
    step('monthlyMarketingBudget', 1, 1),
    step('timeline', 1, 1),
    step('decisionMaker', 1, 1),
  ])
  expect(report.questionnaire.branches['Independent Advisor']).toEqual([
    step('role', 1, 1),
    step('currentAUM', 1, 1),
    step('primaryChallenge', 1, 1),
    step('monthlyMarketingBudget', 1, 1),
    step('timeline', 1, 1),
    step('decisionMaker', 1, 1),
  ])
  for (const branch of ['RIA', 'Insurance Agent', 'IMO/FMO']) {
    expect(report.questionnaire.branches[branch]?.every((row) => row.reached === 0 && row.answered === 0)).toBe(true)
  }
  // Vitals come as the browser reports them; the questionnaire's page had its largest paint measured.
  expect(
    report.vitals.map((row) => row.page).every((page) => ['/', '/about', '/solutions', '/qualify'].includes(page)),
  ).toBe(true)
  expect(report.vitals).toContainEqual(expect.objectContaining({ page: '/qualify', device: 'desktop', metric: 'LCP' }))

  for (const context of [a, b, c]) expect(await context.cookies()).toEqual([])
  expect(elsewhere([...aRequests, ...bRequests, ...cRequests])).toEqual([])
  expect(aRequests.filter((url) => url.endsWith(EVENTS)).length).toBeGreaterThan(0)
  expect(bRequests.filter((url) => url.endsWith(EVENTS)).length).toBeGreaterThan(0)
  expect(cRequests.filter((url) => url.endsWith(EVENTS))).toEqual([])
  for (const context of [a, b, c]) await context.close()
})
