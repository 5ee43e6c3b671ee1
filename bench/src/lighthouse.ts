import { launch } from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'

export interface PageMeasurement {
  url: string
  /** Category scores, 0–100. */
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Bytes over the wire of every script the page loaded. */
  scriptTransferBytes: number
  /** Paths of the scripts the page loaded (same origin as the page). */
  scriptPaths: string[]
  benchmarkIndex: number
  lighthouseVersion: string
  /** Audits of the four categories that did not pass, for the report's notes. */
  failedAudits: string[]
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/**
 * Lighthouse as its command-line tool runs it, and as a first-time visitor arrives: a new headless Chromium
 * with a new, empty profile (chrome-launcher makes one per launch), so no font, script or connection is left
 * over from an earlier run. The defaults are the mobile preset with simulated throttling.
 */
export async function measureCold(url: string): Promise<PageMeasurement> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    return summarise(url, result.lhr)
  } finally {
    chrome.kill()
  }
}

function summarise(url: string, lhr: Result): PageMeasurement {
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    if (typeof value !== 'number') throw new Error(`No ${id} score for ${url}`)
    return Math.round(value * 100)
  }
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue
    if (typeof value !== 'number') throw new Error(`No ${id} value for ${url}`)
    return value
  }
  const scripts = scriptRequests(lhr, new URL(url).origin)
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptTransferBytes: scripts.reduce((sum, script) => sum + script.transferSize, 0),
    scriptPaths: scripts.filter((script) => script.sameOrigin).map((script) => script.path),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    failedAudits: failedAudits(lhr),
  }
}

function scriptRequests(lhr: Result, origin: string) {
  const details = lhr.audits['network-requests']?.details
  if (details?.type !== 'table') throw new Error('Lighthouse reported no network requests')
  return details.items.flatMap((item) => {
    const { url, resourceType, transferSize } = item
    if (resourceType !== 'Script' || typeof url !== 'string' || typeof transferSize !== 'number') return []
    const parsed = new URL(url)
    return [{ path: parsed.pathname, sameOrigin: parsed.origin === origin, transferSize }]
  })
}

function failedAudits(lhr: Result): string[] {
  return CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? []).flatMap((ref) => {
      const audit = lhr.audits[ref.id]
      if (audit?.scoreDisplayMode !== 'binary' || audit.score === 1) return []
      return [`${id}: ${ref.id}`]
    }),
  )
}
