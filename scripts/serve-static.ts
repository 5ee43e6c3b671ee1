/**
 * Serves apps/web/dist exactly as the hosting contract says (README, "Hosting"):
 * a file as is; `/x/y` from `x/y/index.html`; anything else `404.html` with status 404.
 * Headers from `dist/_headers` (Netlify/Cloudflare format) apply as on those hosts.
 * Usage: tsx scripts/serve-static.ts [--dir apps/web/dist] [--port 4173]
 */
import { startStaticServer } from './static-server'

const args = new Map<string, string>()
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '')

const server = await startStaticServer({
  dir: args.get('dir') ?? 'apps/web/dist',
  port: Number(args.get('port') ?? process.env.PORT ?? 4173),
})
console.log(`Serving ${server.dir} on ${server.origin}`)
