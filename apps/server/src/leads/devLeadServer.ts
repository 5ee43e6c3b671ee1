import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { leadConfigFromEnv } from './leadConfig.ts'
import { jsonLineLog } from './leadLog.ts'
import { startLeadService } from './leadService.ts'

/**
 * The lead endpoint, outbox and operator's API for the site's dev server (`npm start`), as `pnpm serve`
 * answers them: same store, same configuration (apps/web/vite/leadServer.ts mounts it at /api/). The
 * embedded store is shared, so `pnpm serve`, `pnpm studio` and `pnpm leads` can have it open too.
 */
export async function startDevLeadServer(): Promise<{
  handle: (req: IncomingMessage, res: ServerResponse) => void
  close: () => Promise<void>
}> {
  const service = await startLeadService(leadConfigFromEnv(), jsonLineLog())
  const listener = getRequestListener(service.app.fetch)
  return { handle: (req, res) => void listener(req, res), close: service.close }
}
