/**
 * `pnpm bench:experiment-serve` → bench/experiment-serve-results.md: requests a second of `pnpm serve`'s
 * static handler (apps/server/src/static/staticServer.ts, compressed as in production) on the built site,
 * for the split home page (a variant drawn per request, no validator) against the same page without an
 * experiment (a copy of the site without its `_experiments.json`), as a browser asks (Accept-Encoding br/gzip). Rounds alternate the two pages, as the machine is
 * shared: compare the ratio within the run. Issue 41's target: within 10 %. Not part of the tests.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { EXPERIMENTS_MANIFEST_FILE } from '@site/leads/experiments'
import autocannon from 'autocannon'
import { createStaticHandler } from '../../apps/server/src/static/staticServer.ts'
import { benchDir, webDir } from './paths.ts'
import { median } from './stats.ts'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string', default: 'experiment-serve-results.md' },
  },
})

const site = join(webDir, 'dist')
const plainSite = mkdtempSync(join(tmpdir(), 'experiment-serve-'))
cpSync(site, plainSite, { recursive: true })
rmSync(join(plainSite, EXPERIMENTS_MANIFEST_FILE))

async function listen(dir: string) {
  const server = createServer(createStaticHandler({ dir, compress: true }).handle)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}
const servers = { experiment: await listen(site), plain: await listen(plainSite) }

const rates: Record<keyof typeof servers, number[]> = { experiment: [], plain: [] }
for (let round = 0; round < Number(values.rounds); round += 1) {
  for (const name of Object.keys(servers) as (keyof typeof servers)[]) {
    const result = await autocannon({
      url: `${servers[name].origin}/`,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    })
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers`)
    rates[name].push(result.requests.average)
    process.stderr.write(`round ${round + 1} ${name}: ${result.requests.average.toFixed(0)} requests/s\n`)
  }
}
for (const { server } of Object.values(servers)) server.close()
rmSync(plainSite, { recursive: true, force: true })
const experiment = median(rates.experiment)
const plain = median(rates.plain)
const lines = [
  '# pnpm serve: an experiment page against a plain page',
  '',
  `\`pnpm bench:experiment-serve\`, ${new Date().toISOString()}, load ${loadavg()[0]?.toFixed(1)}, ${values.rounds} alternating rounds of ${values.seconds} s, ${values.connections} connections, br/gzip accepted.`,
  '',
  '| page | median requests/s | rounds |',
  '| --- | --- | --- |',
  `| / split 50/50 (private, no-store, no validator) | ${experiment.toFixed(0)} | ${rates.experiment.map((rate) => rate.toFixed(0)).join(', ')} |`,
  `| / without the experiment (no-cache, ETag) | ${plain.toFixed(0)} | ${rates.plain.map((rate) => rate.toFixed(0)).join(', ')} |`,
  '',
  `Experiment page / plain page: ${((100 * experiment) / plain).toFixed(1)} % (target: at least 90 %).`,
]
writeFileSync(join(benchDir, values.out), `${lines.join('\n')}\n`)
process.stdout.write(`${lines.join('\n')}\n`)
