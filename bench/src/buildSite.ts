import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
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
  /** Where the site is published (bench/runs/<name>). */
  outDir: string
  durationMs: number
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
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  })
  if (code !== 0) {
    const tail = log
      .slice(-40)
      .map((line) => line.text)
      .join('\n')
    throw new Error(`The ${name} build failed (exit ${code}):\n${tail}`)
  }
  return { clientBuildDir: join(webDir, buildDir, 'client'), outDir, durationMs: performance.now() - started, log }
}
