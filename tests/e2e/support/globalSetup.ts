import { fileURLToPath } from 'node:url'
import { startStaticServer } from '../../../apps/server/src/static/staticServer'
import { SITE_PORT } from '../playwright.config'
import { startWebhookRecorder, WEBHOOK_RECORDER_PORT } from './webhookRecorder'

/** Serves the production build by the hosting contract, and records the webhooks its forms call. */
export default async function globalSetup() {
  const dist = fileURLToPath(new URL('../../../apps/web/dist', import.meta.url))
  const site = await startStaticServer({ dir: dist, port: SITE_PORT })
  const recorder = await startWebhookRecorder(WEBHOOK_RECORDER_PORT)
  return async () => {
    await site.close()
    await recorder.close()
  }
}
