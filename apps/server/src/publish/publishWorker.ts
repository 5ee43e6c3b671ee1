import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { PUBLISH_WORKER_PATH, type PublishOutcome, type PublishReply, type PublishRequest } from '@site/web/publish'
import { relayOutput } from '../closedOutput.ts'

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))

/**
 * Publishes through one publisher process that stays loaded (apps/web/publish/worker.ts), started on the
 * first publish and again after it exits. The queue (publishQueue.ts) sends one publish at a time.
 * Each publish answers with what it did and the routes it wrote (`-/x` for a removed one; 'all' after a
 * full build). The publisher gets this process's environment, or `env`.
 */
export function createPublishWorker(env: NodeJS.ProcessEnv = process.env) {
  let worker: ChildProcess | undefined
  let pending: { resolve: (reply: PublishReply) => void; reject: (error: Error) => void } | undefined

  const start = () => {
    const child = fork(PUBLISH_WORKER_PATH, [], {
      cwd: repoRoot,
      env,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    // Its output (and a full build's) passes through this process, which outlives a closed pipe.
    relayOutput(child)
    child.on('message', (reply: PublishReply) => {
      pending?.resolve(reply)
      pending = undefined
    })
    child.once('exit', (code, signal) => {
      worker = undefined
      pending?.reject(new Error(`the publisher exited with ${signal ?? code} during the publish`))
      pending = undefined
    })
    return child
  }

  return {
    async publish(documentIds: string[]): Promise<{ routes: string[] | 'all'; outcome: PublishOutcome }> {
      if (pending) throw new Error('one publish at a time: queue them (publishQueue.ts)')
      worker ??= start()
      const reply = await new Promise<PublishReply>((resolve, reject) => {
        pending = { resolve, reject }
        worker?.send({ documentIds } satisfies PublishRequest)
      })
      if ('error' in reply) throw new Error(reply.error)
      const { outcome } = reply
      if (outcome.kind === 'rebuilt') return { routes: 'all', outcome }
      return { routes: [...outcome.rendered, ...outcome.removed.map((path) => `-${path}`)], outcome }
    },
    close: () => {
      worker?.kill()
    },
  }
}
