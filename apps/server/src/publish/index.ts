export { createPublishQueue, logPublishReport } from './publishQueue.ts'
export { createPublishWorker } from './publishWorker.ts'
