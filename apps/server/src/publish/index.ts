export { createPublishQueue, logPublishReport } from './publishQueue.ts'
export { startPublishServer } from './publishServer.ts'
