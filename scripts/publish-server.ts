// `pnpm publish:server`: the endpoint a Sanity webhook calls on publish (see README, "Publishing").
// Bursts of publishes are debounced into one rebuild and rebuilds never overlap. The rebuild is the full
// production build for now: the incremental publisher of issue #13 is not built yet.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { createPublishQueue } from './publish/publishQueue.ts'
import { handlePublishWebhook } from './publish/webhookEndpoint.ts'

const secret = process.env.SANITY_WEBHOOK_SECRET
if (!secret) {
  console.error('Set SANITY_WEBHOOK_SECRET to the secret of the Sanity webhook that calls this endpoint.')
  process.exit(1)
}
const port = Number(process.env.PUBLISH_PORT ?? 4600)
const host = process.env.PUBLISH_HOST ?? '127.0.0.1'

const fullBuild = () =>
  new Promise<{ routes: 'all' }>((resolve, reject) => {
    const build = spawn('bash', ['scripts/pnpm.sh', 'build'], { stdio: 'inherit' })
    build.on('exit', (code) =>
      code === 0 ? resolve({ routes: 'all' }) : reject(new Error(`build exited with ${code}`)),
    )
  })

const queue = createPublishQueue({
  rebuild: fullBuild,
  onReport: ({ documentIds, routes, durationMs, error }) =>
    console.log(
      `${error ? 'publish FAILED' : 'published'} ${documentIds.join(', ')}: routes ${routes === 'all' ? 'all' : routes.join(' ')} in ${(durationMs / 1000).toFixed(1)} s${error ? ` (${error})` : ''}`,
    ),
})

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
