import { startContentApiServer } from './server'

const port = Number(process.env.CONTENT_API_PORT ?? 3333)
const api = await startContentApiServer({ port })
process.stdin.resume() // the server is unref'd; keep the process alive
console.log(`Embedded Sanity query API on ${api.origin} serving ${api.seedFile}`)
