export { createPublishQueue, logPublishReport } from './publishQueue.ts'
export { startPublishServer } from './startPublishServer.ts'
