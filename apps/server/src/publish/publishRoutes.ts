import { spawn } from 'node:child_process'
import { Hono } from 'hono'
import { createPublishQueue, logPublishReport } from './publishQueue.ts'
import { createPublishWorker } from './publishWorker.ts'
import { handlePublishWebhook } from './webhookEndpoint.ts'

/**
 * `POST /api/publish`: what a Sanity GROQ-powered webhook calls on publish (README, "Publishing in seconds").
 * Bursts of publishes are debounced into one, publishes never overlap, and each renders only the routes
 * the changed documents touch, in a publisher process that stays loaded. `deployCommand` runs after each
 * (on hosts that serve uploaded files: Netlify, Cloudflare Pages).
 */
export function publishRoutes(options: { secret: string; deployCommand?: string }): Hono {
  const publisher = createPublishWorker()
  const publish = async (documentIds: string[]) => {
    const published = await publisher.publish(documentIds)
    if (options.deployCommand) await deploy(options.deployCommand)
    return published
  }
  const queue = createPublishQueue({ rebuild: publish, onReport: logPublishReport })
  const app = new Hono()
  app.all('/api/publish', (c) =>
    handlePublishWebhook(c.req.raw, { secret: options.secret, enqueue: (ids) => queue.add(ids) }),
  )
  return app
}

function deploy(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the deploy command exited with ${code}`))))
  })
}
