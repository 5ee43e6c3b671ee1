import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { publishChanged } from './publishChanged.ts'
import type { PublishOutcome } from './publishReport.ts'

export const webDir = fileURLToPath(new URL('..', import.meta.url))
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** The .env files the build reads (vite.config.ts), read the same way; Vite is loaded only if there are any. */
export async function loadBuildEnv(): Promise<void> {
  const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'].map((file) =>
    join(repoRoot, file),
  )
  if (!envFiles.some((file) => existsSync(file))) return
  const { loadEnv } = await import('vite')
  for (const [name, value] of Object.entries(loadEnv('production', repoRoot, ''))) process.env[name] ??= value
}

/**
 * Publishes the changed documents to the built site (SITE_BUILD_DIR, SITE_OUT_DIR), or runs a full build
 * when the change touches every page in a way the publisher does not redo page by page.
 */
export async function publishOrRebuild(documentIds: string[]): Promise<PublishOutcome> {
  const buildDir = resolve(webDir, process.env.SITE_BUILD_DIR || 'build')
  const outDir = resolve(webDir, process.env.SITE_OUT_DIR || 'dist')
  const result = await publishChanged({ documentIds, buildDir, outDir })
  if (result.kind === 'published') return result
  console.error(`[publish] a full build: ${result.reason}`)
  await fullBuild()
  return { kind: 'rebuilt', reason: result.reason }
}

function fullBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(join(webDir, 'node_modules', '.bin', 'react-router'), ['build'], {
      cwd: webDir,
      // Its output on stderr: stdout carries the publisher's report.
      stdio: ['ignore', 2, 'inherit'],
      env: process.env,
    })
    build.once('error', reject)
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the full build exited with ${code}`))))
  })
}
