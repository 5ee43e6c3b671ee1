/**
 * `pnpm bench:static` → bench/static-results.md: requests a second of the production static server on the
 * built site (`apps/web/dist`), three versions side by side in one run, each in its own process:
 *  - old: the hand-written server before serve-static (commit d1ceea0), gzip only, with a gzip cache;
 *  - serve-static: serve-static 2.2.1 + `compression` 1.8.2, compressing on every request (commit c8e6694);
 *  - cached: serve-static with each version of a file compressed once (the working tree).
 * Targets: the home page and the largest hashed script, asked with a browser's Accept-Encoding and with
 * gzip alone; every answer is first checked to decompress to the file byte for byte. Rounds alternate the
 * versions, as the machine is shared: compare the ratios within the run, not the rates across runs.
 * Not part of the tests.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { benchDir, repoRoot, runsDir, webDir } from './paths.ts'
import { median } from './stats.ts'

const VERSIONS = {
  old: { label: 'old hand-written (d1ceea0)', commit: 'd1ceea0', files: ['staticServer.ts'] },
  library: {
    label: 'serve-static + compression (c8e6694)',
    commit: 'c8e6694',
    files: ['staticServer.ts', 'canonicalAddress.ts', 'hostingRules.ts'],
  },
  cached: { label: 'serve-static + compressed once (this branch)', commit: undefined, files: [] },
} as const
type Version = keyof typeof VERSIONS

// identity: the floor, what serve-static costs with no compression at all.
const ACCEPTS = { browser: 'gzip, deflate, br, zstd', gzip: 'gzip', identity: 'identity' } as const
type Accept = keyof typeof ACCEPTS

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    dir: { type: 'string', default: join(webDir, 'dist') },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string', default: 'static-results.md' },
  },
})

/** The static server of `version` as it was at its commit, or as it is now. */
async function loadVersion(version: Version): Promise<string> {
  const { commit, files } = VERSIONS[version]
  if (!commit) return join(repoRoot, 'apps/server/src/static/staticServer.ts')
  // Under bench/ so that `serve-static` and `compression` resolve from bench's own dependencies.
  const folder = join(runsDir, 'static-versions', version)
  mkdirSync(folder, { recursive: true })
  for (const file of files) {
    const source = execFileSync('git', ['show', `${commit}:apps/server/src/static/${file}`], { cwd: repoRoot })
    writeFileSync(join(folder, file), source)
  }
  return join(folder, 'staticServer.ts')
}

interface StaticServerModule {
  startStaticServer: (options: { dir: string; compress: boolean }) => Promise<{ origin: string }>
}

// The server side of the benchmark: one version in this process, its origin on stdout.
if (values.serve) {
  const module = (await import(await loadVersion(values.serve as Version))) as StaticServerModule
  const server = await module.startStaticServer({ dir: values.dir, compress: true })
  process.stdout.write(`${server.origin}\n`)
} else await main()

function startVersion(version: Version): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--serve', version, '--dir', values.dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    child.once('exit', (code) => reject(new Error(`the ${version} server exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('\n')) resolve({ origin: output.trim(), child })
    })
  })
}

function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  return body
}

/** What the version answers: its encoding and size, after checking the body is the file byte for byte. */
async function checkAnswer(origin: string, path: string, file: string, accept: Accept) {
  const raw = await rawAnswer(origin, path, ACCEPTS[accept])
  if (raw.status !== 200 || !decoded(raw.encoding, raw.body).equals(readFileSync(file)))
    throw new Error(`${origin}${path} (${accept}) is not the file ${file}`)
  return { encoding: raw.encoding ?? 'identity', bytes: raw.body.length }
}

/** The answer's bytes as sent (fetch would decompress them). */
function rawAnswer(origin: string, path: string, accept: string) {
  return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    request(`${origin}${path}`, { headers: { 'accept-encoding': accept } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

interface Sample {
  perSecond: number
  p99: number
  load: number
}

async function measure(origin: string, path: string, accept: Accept): Promise<Sample> {
  const load = loadavg()[0] ?? 0
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: { 'accept-encoding': ACCEPTS[accept] },
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { perSecond: result.requests.average, p99: result.latency.p99, load }
}

async function main() {
  const dir = values.dir
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} has no built site: run \`pnpm build\` first`)
  const scripts = readdirSync(join(dir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(join(dir, 'assets', name)).size }))
    .sort((a, b) => b.size - a.size)
  const script = scripts[0]
  if (!script) throw new Error(`${dir}/assets has no script`)
  const targets = [
    { name: 'home page', path: '/', file: join(dir, 'index.html') },
    { name: `hashed script (${script.name})`, path: `/assets/${script.name}`, file: join(dir, 'assets', script.name) },
  ]
  const versions = Object.keys(VERSIONS) as Version[]
  const servers = new Map<Version, { origin: string; child: ChildProcess }>()
  for (const version of versions) servers.set(version, await startVersion(version))
  const loadAtStart = loadavg()
  const started = Date.now()
  const samples = new Map<string, Sample[]>()
  const answers = new Map<string, { encoding: string; bytes: number }>()
  const key = (target: string, accept: Accept, version: Version) => `${target}|${accept}|${version}`
  try {
    for (const target of targets)
      for (const accept of Object.keys(ACCEPTS) as Accept[])
        for (const version of versions) {
          const { origin } = servers.get(version)!
          answers.set(key(target.name, accept, version), await checkAnswer(origin, target.path, target.file, accept))
        }
    for (let round = 0; round < Number(values.rounds); round++) {
      // Each round starts with another version, so that none is always measured first on a warming machine.
      const order = versions.map((_, index) => versions[(index + round) % versions.length]!)
      for (const target of targets)
        for (const accept of Object.keys(ACCEPTS) as Accept[])
          for (const version of order) {
            const sample = await measure(servers.get(version)!.origin, target.path, accept)
            const list = samples.get(key(target.name, accept, version)) ?? []
            list.push(sample)
            samples.set(key(target.name, accept, version), list)
            process.stderr.write(
              `round ${round + 1} ${target.name} ${accept} ${version}: ${Math.round(sample.perSecond)}/s (load ${sample.load.toFixed(1)})\n`,
            )
          }
    }
  } finally {
    for (const { child } of servers.values()) child.kill()
  }

  const loads = [...samples.values()].flat().map((sample) => sample.load)
  const lines = [
    '# Static files: requests a second, three server versions side by side',
    '',
    `\`pnpm bench:static\` (bench/src/staticBench.ts), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores shared with other work, Node ${process.version}.`,
    `Load average ${loadAtStart[0]?.toFixed(1)} at the start; during the measurements min ${Math.min(...loads).toFixed(1)},`,
    `median ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}; ${Math.round((Date.now() - started) / 1000)} s in all.`,
    `${values.rounds} rounds of ${values.seconds} s per cell, ${values.connections} connections (autocannon in the benchmark's process,`,
    'each server in its own process, on the same cores); rounds rotate which version goes first. The machine is',
    'loaded, so read the ratios within this run rather than the rates. Every answer was first checked to decompress',
    'to the file byte for byte.',
    '',
    `Accept-Encoding: "browser" is \`${ACCEPTS.browser}\` (what Chromium sends), "gzip" is \`gzip\` alone, "identity"`,
    'asks for no compression: the floor of each server, its cost without compressing anything.',
    '',
    '| target | Accept-Encoding | version | answer | requests/s (median) | runs (min-max) | vs old | vs serve-static | p99 ms (median) |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const target of targets)
    for (const accept of Object.keys(ACCEPTS) as Accept[]) {
      const rate = (version: Version) => median(samples.get(key(target.name, accept, version))!.map((s) => s.perSecond))
      for (const version of versions) {
        const runs = samples.get(key(target.name, accept, version))!
        const perSecond = runs.map((s) => s.perSecond)
        const answer = answers.get(key(target.name, accept, version))!
        lines.push(
          `| ${target.name} | ${accept} | ${VERSIONS[version].label} | ${answer.encoding}, ${answer.bytes.toLocaleString('en')} B | ${Math.round(rate(version)).toLocaleString('en')} | ${Math.round(Math.min(...perSecond))}-${Math.round(Math.max(...perSecond))} | ${(rate(version) / rate('old')).toFixed(2)} | ${(rate(version) / rate('library')).toFixed(2)} | ${median(runs.map((s) => s.p99))} |`,
        )
      }
    }
  writeFileSync(resolve(benchDir, values.out), `${lines.join('\n')}\n`)
  process.stderr.write(`${lines.join('\n')}\n`)
}
