import { fileURLToPath } from 'node:url'

export type { PublishOutcome, PublishReply, PublishRequest } from './publishReport.ts'
/**
 * The web app's side of publishing, as the lead server's publish endpoint (apps/server/src/publish) uses it:
 * where the publisher keeps its state, what a publish answers, and the worker process to fork.
 */
export { publisherDir, readPublishState } from './publishState.ts'

/** The web app's folder: its builds (`build/`, `dist/`) are found from here. */
export const WEB_APP_DIR = fileURLToPath(new URL('..', import.meta.url))

/** The publisher that stays loaded between publishes, forked with tsx as its loader. */
export const PUBLISH_WORKER_PATH = fileURLToPath(new URL('./worker.ts', import.meta.url))
