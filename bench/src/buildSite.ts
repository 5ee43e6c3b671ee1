import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { runsDir, webDir } from './paths.ts'

export interface TimedLine {
  /** Milliseconds since the build started. */
  atMs: number
  text: string
}

export interface SiteBuild {
  /** The React Router client build: the site before it is published. */
  clientBuildDir: string
  /** React Router's build directory (the publisher's state and server bundle are in it). */
  buildDir: string
  /** Where the site is published (bench/runs/<name>). */
  outDir: string
  durationMs: number
  /** The build process's peak resident memory, from /proc (Linux), in bytes; NaN where unavailable. */
  peakMemoryBytes: number
  log: TimedLine[]
}

/**
 * Runs the production build (`react-router build` in apps/web) into the benchmark's own folders, never
 * apps/web/build or apps/web/dist, which the test suite uses. The intermediate build stays inside
 * apps/web (under node_modules/.cache) because the server bundle imports the app's dependencies.
 */
export async function buildSite(name: string, env: Record<string, string> = {}): Promise<SiteBuild> {
  const buildDir = join('node_modules', '.cache', 'bench', name)
  const outDir = join(runsDir, name)
  rmSync(join(webDir, buildDir), { recursive: true, force: true })
  rmSync(outDir, { recursive: true, force: true })
  const log: TimedLine[] = []
  const started = performance.now()
  const child = spawn(join(webDir, 'node_modules', '.bin', 'react-router'), ['build'], {
    cwd: webDir,
    env: { ...process.env, SITE_BUILD_DIR: buildDir, SITE_OUT_DIR: outDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const collect = (chunk: Buffer) => {
    const atMs = performance.now() - started
    for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) log.push({ atMs, text })
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  let peakMemoryBytes = Number.NaN
  const sampleMemory = () => {
    // VmHWM is the peak so far, so the last reading before the process ends is its peak.
    const status = child.pid ? readIfExists(`/proc/${child.pid}/status`) : undefined
    const kilobytes = status && /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
    if (kilobytes) peakMemoryBytes = Number(kilobytes) * 1024
  }
  const sampler = setInterval(sampleMemory, 200)
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  }).finally(() => clearInterval(sampler))
  if (code !== 0) {
    const tail = log
      .slice(-40)
      .map((line) => line.text)
      .join('\n')
    throw new Error(`The ${name} build failed (exit ${code}):\n${tail}`)
  }
  return {
    clientBuildDir: join(webDir, buildDir, 'client'),
    buildDir: join(webDir, buildDir),
    outDir,
    durationMs: performance.now() - started,
    peakMemoryBytes,
    log,
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
