/**
 * The physical limit of a durable acknowledgement on this machine, for `pnpm bench:leads`: a bare Node HTTP
 * server that appends each request's body to a file and fdatasyncs it before answering 201. No parsing, no
 * validation, no database: what is left of a lead endpoint's cost is the flush. Usage: <file> <port>.
 */
import { open } from 'node:fs/promises'
import { createServer } from 'node:http'

const [file = 'bare.log', port = '0'] = process.argv.slice(2)
const log = await open(file, 'a')
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  chunks.push(Buffer.from('\n'))
  await log.write(Buffer.concat(chunks))
  await log.datasync()
  res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}')
})
server.listen(Number(port), '127.0.0.1', () => console.log(`Serving on ${port}`))
process.on('SIGTERM', () => server.close(() => void log.close().then(() => process.exit(0))))
