// `pnpm publish:server`: the endpoint a Sanity webhook calls on publish (see README, "Publishing").
// Bursts of publishes are debounced into one publish and publishes never overlap. Each publishes only
// the routes the changed documents touch (`pnpm publish:changed`, in a publisher that stays loaded), after a
// full `pnpm build`.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { createPublishQueue, logPublishReport } from './publish/publishQueue.ts'
import { createPublishWorker } from './publish/publishWorker.ts'
import { handlePublishWebhook } from './publish/webhookEndpoint.ts'

const secret = process.env.SANITY_WEBHOOK_SECRET
if (!secret) {
  console.error('Set SANITY_WEBHOOK_SECRET to the secret of the Sanity webhook that calls this endpoint.')
  process.exit(1)
}
const port = Number(process.env.PUBLISH_PORT ?? 4600)
const host = process.env.PUBLISH_HOST ?? '127.0.0.1'

// On a host that serves uploaded files (Netlify, Cloudflare Pages), the command that uploads apps/web/dist.
const deployCommand = process.env.PUBLISH_DEPLOY_COMMAND

const publisher = createPublishWorker()

async function publish(documentIds: string[]) {
  const published = await publisher.publish(documentIds)
  if (deployCommand) await deploy(deployCommand)
  return published
}

function deploy(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the deploy command exited with ${code}`))))
  })
}

const queue = createPublishQueue({ rebuild: publish, onReport: logPublishReport })

createServer(async (req, res) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
  const request = new Request(`http://${host}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
  })
  const response = await handlePublishWebhook(request, { secret, enqueue: (ids) => queue.add(ids) })
  res.writeHead(response.status, { 'content-type': 'application/json' })
  res.end(await response.text())
}).listen(port, host, () => console.log(`Publish webhook endpoint on http://${host}:${port}/`))
