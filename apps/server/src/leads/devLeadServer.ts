import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { LeadStoreBusyError } from './db/database.ts'
import { leadConfigFromEnv } from './leadConfig.ts'
import { jsonLineLog } from './leadLog.ts'
import { startLeadService } from './leadService.ts'

/** Where `pnpm serve` and the server `pnpm studio` starts for its Leads tool answer by default. */
const SITE_SERVER_URL = 'http://127.0.0.1:4173'

type DevLeadServer =
  | { handle: (req: IncomingMessage, res: ServerResponse) => void; close: () => Promise<void> }
  /** Another process holds the embedded store and answers the same API there: `/api/` is forwarded to it. */
  | { forwardTo: string; close: () => Promise<void> }

/**
 * The lead endpoint, outbox and operator's API for the site's dev server (`npm start`), as `pnpm serve`
 * answers them: same store, same configuration (apps/web/vite/leadServer.ts mounts it at /api/).
 */
export async function startDevLeadServer(): Promise<DevLeadServer> {
  try {
    const service = await startLeadService(leadConfigFromEnv(), jsonLineLog())
    const listener = getRequestListener(service.app.fetch)
    return { handle: (req, res) => void listener(req, res), close: service.close }
  } catch (error) {
    // The embedded store is one process's: when `pnpm studio` (or `pnpm serve`) started first and holds it,
    // the dev site's forms post to that server instead of failing.
    if (!(error instanceof LeadStoreBusyError) || !(await answersLeadApi(SITE_SERVER_URL))) throw error
    return { forwardTo: SITE_SERVER_URL, close: async () => {} }
  }
}

function answersLeadApi(origin: string): Promise<boolean> {
  return fetch(`${origin}/api/admin/health`).then(
    (response) => response.status === 401 || response.ok,
    () => false,
  )
}
