import type { InsightEvent } from '@site/leads/insights'
import { type MetricType, onCLS, onINP, onLCP } from 'web-vitals'
import { deviceClass } from './track'

const ENDPOINT = '/api/insights/events'
const BATCH = 50
const EVERY_MS = 2000

/**
 * Sends the queued events to the site's own server in batches: every 2 s while there are some, and at once
 * when the page is hidden or left (sendBeacon, which outlives the page; fetch with keepalive where it is
 * refused). The page's Core Web Vitals join the queue as web-vitals reports them. Returns the sender, which
 * track.ts calls for each page view: a visitor who leaves a page within 2 s must still count, and
 * headless Chromium was seen dropping a page's `pagehide` beacons when it navigated away.
 */
export function startRecorder(queue: InsightEvent[], path: string): () => void {
  const flush = () => {
    while (queue.length > 0) {
      const body = JSON.stringify({ events: queue.splice(0, BATCH) })
      if (!navigator.sendBeacon?.(ENDPOINT, body)) {
        void fetch(ENDPOINT, {
          method: 'POST',
          body,
          keepalive: true,
          headers: { 'content-type': 'text/plain' },
        }).catch(() => {})
      }
    }
  }
  setInterval(flush, EVERY_MS)
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush())
  addEventListener('pagehide', flush)
  const device = deviceClass()
  const report = (metric: MetricType) => {
    queue.push({ type: 'vital', metric: metric.name as 'LCP' | 'INP' | 'CLS', value: metric.value, path, device })
  }
  onLCP(report)
  onINP(report)
  onCLS(report)
  flush()
  return flush
}
