import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * `pnpm publish:changed` without pnpm's own start-up, which took longer than the publish; tsx as Node's
 * loader rather than its command, which starts a second process (0.3 s of each publish).
 */
export const PUBLISH_CHANGED = {
  command: process.execPath,
  args: ['--import', 'tsx', join(repoRoot, 'apps', 'web', 'publish', 'cli.ts')],
}

/**
 * Runs `pnpm publish:changed` for the documents (apps/web/publish/cli.ts) in a process of its own, so
 * each publish loads the server bundle of the latest full build, and returns the routes it published
 * ('all' when the change needed a full build).
 */
export function runPublishChanged(documentIds: string[]): Promise<{ routes: string[] | 'all' }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PUBLISH_CHANGED.command, [...PUBLISH_CHANGED.args, ...documentIds], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`publish:changed exited with ${code}`))
      const report = output.trim().split('\n').at(-1)
      if (!report?.startsWith('{')) return resolve({ routes: 'all' })
      const { rendered, removed } = JSON.parse(report) as { rendered: string[]; removed: string[] }
      resolve({ routes: [...rendered, ...removed.map((path) => `-${path}`)] })
    })
  })
}
