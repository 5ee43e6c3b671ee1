import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ContentLakeServer, startContentLake } from '@site/content-api/lake'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { server as msw } from './support/mswServer'

const TOKEN = 'presence-test-token-0123456789abcdef'
const STUDIO = 'http://localhost:3333'
let lake: ContentLakeServer

// msw intercepts HTTP requests, and a WebSocket opens with one: this file talks to a real lake only.
beforeAll(() => msw.close())

beforeEach(async () => {
  const seedFile = join(mkdtempSync(join(tmpdir(), 'lake-presence-')), 'seed.ndjson')
  writeFileSync(seedFile, `${JSON.stringify({ _id: 'faq.1', _type: 'faq', question: 'Why?' })}\n`)
  lake = await startContentLake({
    port: 0,
    projectId: 'embedded',
    dataset: 'production',
    token: TOKEN,
    allowedOrigins: [STUDIO],
    seedFile,
  })
})
afterEach(() => lake.close())

/** A Studio's presence connection, as @sanity/bifur-client opens it: the token first, then requests by id. */
async function connect(origin = STUDIO, token = TOKEN) {
  const socket = new WebSocket(`ws://127.0.0.1:${lake.port}/v2025-02-19/socket/production`, { origin })
  const messages: Array<Record<string, unknown>> = []
  socket.on('message', (data) => messages.push(JSON.parse(String(data))))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  let next = 0
  const request = async (method: string, params: Record<string, unknown> = {}) => {
    const id = String(++next)
    socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: { ...params, apiVersion: 'v1' }, id }))
    await expect.poll(() => messages.some((message) => message.id === id)).toBe(true)
    return messages.find((message) => message.id === id)?.result
  }
  await request('authorization', { authorization: `Bearer ${token}` })
  return { socket, messages, request }
}

describe('presence on the local lake', () => {
  it("sends each Studio's location to the others, and its disconnection when it closes", async () => {
    const first = await connect()
    const second = await connect()
    const subscription = await second.request('presence_subscribe')
    expect(subscription).toEqual(expect.any(String))

    const data = { sessionId: 'session-1', locations: [{ type: 'document', documentId: 'faq.1', path: ['question'] }] }
    expect(await first.request('presence_announce', { data })).toBe(true)
    const update = { jsonrpc: '2.0', method: 'presence_subscription' }
    await expect
      .poll(() => second.messages)
      .toContainEqual({ ...update, params: { subscription, result: { type: 'state', i: 'local-editor', m: data } } })

    first.socket.close()
    await expect
      .poll(() => second.messages)
      .toContainEqual({
        ...update,
        params: { subscription, result: { type: 'disconnect', i: 'local-editor', m: { session: 'session-1' } } },
      })
    second.socket.close()
  })

  it('closes a connection with a wrong token, and refuses another origin', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${lake.port}/v2025-02-19/socket/production`, { origin: STUDIO })
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', method: 'authorization', params: { authorization: 'Bearer no' }, id: '1' }),
    )
    const [code] = await new Promise<[number]>((resolve) => socket.once('close', (closeCode) => resolve([closeCode])))
    expect(code).toBe(4001)

    const foreign = new WebSocket(`ws://127.0.0.1:${lake.port}/v2025-02-19/socket/production`, {
      origin: 'https://evil.example',
    })
    await expect(
      new Promise((resolve, reject) => foreign.once('open', resolve).once('error', reject)),
    ).rejects.toThrow()
  })
})
