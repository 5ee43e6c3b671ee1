/**
 * `pnpm publish:changed <documentId>...`: publishes a content change to the built site in place
 * (publish/publishChanged.ts), after a full `pnpm build` and with the same configuration (.env,
 * SITE_URL, CONTENT_SEED_FILE, SITE_BUILD_DIR, SITE_OUT_DIR). Prints what it did as one JSON line.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { publishChanged } from './publishChanged.ts'

const webDir = fileURLToPath(new URL('..', import.meta.url))
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
// The .env files the build reads (vite.config.ts), read the same way; Vite is loaded only if there are any.
const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'].map((file) => join(repoRoot, file))
if (envFiles.some((file) => existsSync(file))) {
  const { loadEnv } = await import('vite')
  for (const [name, value] of Object.entries(loadEnv('production', repoRoot, ''))) process.env[name] ??= value
}

const documentIds = process.argv.slice(2).filter((argument) => argument !== '--')
if (documentIds.length === 0) {
  console.error('Usage: pnpm publish:changed <documentId>...')
  process.exit(2)
}
const buildDir = resolve(webDir, process.env.SITE_BUILD_DIR || 'build')
const outDir = resolve(webDir, process.env.SITE_OUT_DIR || 'dist')
try {
  const result = await publishChanged({ documentIds, buildDir, outDir })
  if (result.kind === 'full-build-needed') {
    console.error(`[publish] a full build: ${result.reason}`)
    const build = spawnSync(join(webDir, 'node_modules', '.bin', 'react-router'), ['build'], {
      cwd: webDir,
      stdio: 'inherit',
      env: process.env,
    })
    process.exit(build.status ?? 1)
  }
  // Written before exiting: a large report on a pipe would otherwise be cut off by process.exit.
  await new Promise((written) => process.stdout.write(`${JSON.stringify(result)}\n`, written))
  process.exit(0)
} catch (error) {
  console.error(`[publish] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
