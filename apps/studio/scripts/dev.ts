// `pnpm studio`: with a Sanity project configured, the Studio against Sanity's hosted API; without one,
// a local Content Lake on the embedded content and the real Studio against it, signed in as the local editor.
import './withRootEnv'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type LakeWebhook, randomId, startContentLake, webhooksFromEnv } from '@site/content-api/lake'
import { startPublishServer } from '@site/server/publish'
import { startSiteServer } from '@site/server/site'
import { studioEnv } from '../studioEnv'

const STUDIO_PORT = Number(process.env.STUDIO_PORT ?? 3333)
const LAKE_PORT = Number(process.env.CONTENT_LAKE_PORT ?? 3334)
const PUBLISH_PORT = Number(process.env.STUDIO_PUBLISH_PORT ?? 4600)

/**
 * `sanity dev` (STUDIO_SERVE unset: the schema and tools reload as they are edited), or, with STUDIO_SERVE=built,
 * the Studio as a host serves it: built with this run's settings, then served by `sanity preview`. A built Studio
 * asks far less of the machine (production React, no module compiled on a visit), which the Studio's browser
 * tests need beside the other suites.
 */
async function runStudio(env: NodeJS.ProcessEnv): Promise<void> {
  const studioProcessEnv = { ...env, SANITY_STUDIO_LEAD_CHANNELS: leadChannelNames(env) }
  const address = ['--port', String(STUDIO_PORT), '--host', '127.0.0.1']
  let command = ['dev', ...address]
  if (env.STUDIO_SERVE === 'built') {
    const outputDirectory = join('.sanity', `built-${STUDIO_PORT}`)
    const build = spawn('sanity', ['build', outputDirectory, '--yes'], { env: studioProcessEnv, stdio: 'inherit' })
    const [built] = (await once(build, 'exit')) as [number | null]
    if (built !== 0) process.exit(built ?? 1)
    command = ['preview', outputDirectory, ...address]
  }
  const studio = spawn('sanity', command, { env: studioProcessEnv, stdio: 'inherit' })
  studio.on('exit', (code) => process.exit(code ?? 0))
}

/**
 * The chat channels the lead server knows, by name only (never their webhook addresses): the routing
 * document's rules may name only these. SANITY_STUDIO_LEAD_CHANNELS wins; else the names in LEAD_CHAT_WEBHOOKS.
 */
function leadChannelNames(env: NodeJS.ProcessEnv): string {
  if (env.SANITY_STUDIO_LEAD_CHANNELS !== undefined) return env.SANITY_STUDIO_LEAD_CHANNELS
  return (env.LEAD_CHAT_WEBHOOKS ?? '')
    .split(',')
    .map((entry) => entry.split('=')[0]?.trim() ?? '')
    .filter(Boolean)
    .join(',')
}

/**
 * The site in preview mode (drafts, edit links, live updates) at SANITY_STUDIO_PREVIEW_URL, for the Studio's
 * Preview tool: the site's dev server on the same dataset (STUDIO_PREVIEW_SITE=off leaves it out).
 */
function runPreviewSite(): void {
  const previewUrl = new URL(studioEnv.previewUrl)
  const webDirectory = join(process.cwd(), '..', 'web')
  const site = spawn(
    join(webDirectory, 'node_modules', '.bin', 'react-router'),
    ['dev', '--host', previewUrl.hostname, '--port', previewUrl.port || '80', '--strictPort'],
    {
      cwd: webDirectory,
      env: {
        ...process.env,
        VITE_SANITY_PREVIEW: 'true',
        CONTENT_VALIDATION: process.env.CONTENT_VALIDATION ?? 'lenient',
        SANITY_STUDIO_URL: `http://localhost:${STUDIO_PORT}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  site.on('exit', (code) => {
    if (code) console.error(`The preview site stopped (exit ${code}); the Studio's Preview tool shows nothing`)
  })
  process.on('exit', () => site.kill())
}

/**
 * The Leads tool reads the lead server at SANITY_STUDIO_LEADS_URL (default `pnpm serve`'s address). When
 * nothing answers there, a lead server starts there in this process: the lead endpoint and the admin API on
 * the embedded store (shared with `npm start`, `pnpm serve` and `pnpm leads`), checking the Studio's token
 * with the local Content Lake. It needs no build: with one, it serves the built site too.
 */
async function leadServerForTheTool(): Promise<void> {
  const url = new URL(studioEnv.leadsUrl)
  if (await answersLeadAdmin(url.origin)) {
    console.log(`The Leads tool reads the lead server already running at ${url.origin}`)
    return
  }
  const built = join(process.cwd(), '..', 'web', 'dist')
  const server = await startSiteServer({
    dir: existsSync(join(built, 'index.html')) ? built : undefined,
    port: Number(url.port || 80),
    host: url.hostname,
    env: { ...process.env, CONTENT_LAKE_PORT: String(LAKE_PORT), STUDIO_PORT: String(STUDIO_PORT) },
  })
  process.on('exit', () => void server.close())
  console.log(`The lead server runs on ${server.origin}; the Leads tool reads it`)
}

/** Whether a lead server's admin API answers at `origin` (401 without a token is an answer). */
function answersLeadAdmin(origin: string): Promise<boolean> {
  return fetch(`${origin}/api/admin/health`).then(
    (response) => response.status === 401 || response.ok,
    () => false,
  )
}

/** The local editor's token, kept in `.lake/` so a Studio tab stays signed in across restarts. */
function localEditorToken(stateDirectory: string): string {
  if (process.env.CONTENT_LAKE_TOKEN) return process.env.CONTENT_LAKE_TOKEN
  const file = join(stateDirectory, 'token')
  if (!existsSync(file)) writeFileSync(file, randomId(40), { mode: 0o600 })
  return readFileSync(file, 'utf8').trim()
}

if (process.env.SANITY_STUDIO_PROJECT_ID) {
  await runStudio(process.env)
} else {
  const stateDirectory = join(process.cwd(), '..', '..', '.lake')
  mkdirSync(stateDirectory, { recursive: true })
  const token = localEditorToken(stateDirectory)
  const webhooks: LakeWebhook[] = webhooksFromEnv(stateDirectory)
  // With a built site, each publish in the Studio reaches it in seconds as on a host: the lake's webhook
  // calls the production server's publish endpoint, signed with a secret made for this run
  // (STUDIO_PUBLISH_SITE=off leaves the site alone).
  const builtSite = join(process.cwd(), '..', 'web', process.env.SITE_BUILD_DIR || 'build', 'publisher', 'state.json')
  if (existsSync(builtSite) && process.env.STUDIO_PUBLISH_SITE !== 'off') {
    const secret = randomId(32)
    const publishing = await startPublishServer({ port: PUBLISH_PORT, secret })
    webhooks.push({
      id: 'studio-publish',
      name: 'Publish the built site',
      url: publishing.url,
      secret,
      projection: '{_id}',
    })
    console.log(`Publishing each change to the built site through ${publishing.url} (\`pnpm serve\` shows it)`)
  }
  const lake = await startContentLake({
    port: LAKE_PORT,
    projectId: studioEnv.projectId,
    dataset: studioEnv.dataset,
    token,
    allowedOrigins: [
      `http://localhost:${STUDIO_PORT}`,
      `http://127.0.0.1:${STUDIO_PORT}`,
      new URL(studioEnv.previewUrl).origin,
    ],
    requestLog: process.env.CONTENT_LAKE_REQUEST_LOG ?? join(stateDirectory, 'requests.log'),
    webhooks,
  })
  if (process.env.STUDIO_LEAD_SERVER !== 'off') await leadServerForTheTool()
  if (process.env.STUDIO_PREVIEW_SITE !== 'off') runPreviewSite()
  await runStudio({ ...process.env, SANITY_STUDIO_API_HOST: lake.apiHost })
  console.log(
    `\nLocal Content Lake on ${lake.apiHost}, writing ${process.env.CONTENT_SEED_FILE ?? 'content/seed.ndjson'}`,
  )
  console.log(`Open the Studio as the local editor: http://localhost:${STUDIO_PORT}/#token=${token}`)
  console.log(`Its Preview tool shows the site in preview mode from ${studioEnv.previewUrl}\n`)
}
