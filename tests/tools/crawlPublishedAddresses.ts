/**
 * Serves a built site as `pnpm serve` does and requests every address of the given sitemaps (the
 * site's sitemap before and after a change: every address it has published): each must answer 200,
 * directly or after a single redirect. Exits 1 listing the ones that do not.
 * Usage: tsx tests/tools/crawlPublishedAddresses.ts <dist> <sitemap.xml>...
 */
import { readFileSync } from 'node:fs'
import { startStaticServer } from '../../apps/server/src/static/staticServer'

const [dist, ...sitemaps] = process.argv.slice(2)
if (!dist || sitemaps.length === 0) throw new Error('Usage: crawlPublishedAddresses.ts <dist> <sitemap.xml>...')
const paths = new Set(
  sitemaps.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url!).pathname),
  ),
)
const server = await startStaticServer({ dir: dist })
const failures: string[] = []
let redirected = 0
for (const path of [...paths].sort()) {
  const first = await fetch(`${server.origin}${path}`, { redirect: 'manual' })
  if (first.status === 200) continue
  const location = first.headers.get('location')
  if (first.status < 300 || first.status > 399 || !location) {
    failures.push(`${path}: ${first.status}`)
    continue
  }
  redirected++
  const second = await fetch(new URL(location, server.origin), { redirect: 'manual' })
  if (second.status !== 200) failures.push(`${path} → ${location}: ${second.status} (a redirect must lead to a page)`)
}
await server.close()
if (failures.length > 0) {
  console.error(`Published addresses that no longer answer:\n${failures.join('\n')}`)
  process.exit(1)
}
console.log(`${paths.size} published addresses answer (${redirected} through one redirect)`)
