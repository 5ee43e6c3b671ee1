import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { LAKE_PORT, LAKE_TOKEN, REQUEST_LOG } from './studioServer'
import { openStudio, storedDocument } from './support'

const LAKE = `http://127.0.0.1:${LAKE_PORT}/v2025-02-19/data`
const DRAFTS_QUERY = `${LAKE}/query/production?perspective=raw&query=${encodeURIComponent('*[_id in path("drafts.**")]')}`
const DELETE_SETTINGS = JSON.stringify({ mutations: [{ delete: { id: 'siteSettings' } }] })

/** What the lake answered a request, from its log: `<time> <method> <url> <status> <ms>ms <host>`. */
const loggedStatuses = (method: string, path: string) =>
  readFileSync(REQUEST_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.split(' ')[1] === method && line.split(' ')[2]?.startsWith(path))
    .map((line) => Number(line.split(' ')[3]))

test('a page from another origin, open in the browser that is signed in to the Studio, can neither read drafts nor change content', async ({
  page,
  context,
}) => {
  // A draft only the local editor may read, written as the Studio writes one.
  const secret = `An unpublished answer ${Date.now()}`
  const draft = { _id: 'drafts.faq.other-origin', _type: 'faq', question: 'Not published yet?', answer: secret }
  expect((await mutateAsEditor([{ createOrReplace: draft }])).status).toBe(200)
  await openStudio(page)

  // Another local origin, as any other local dev server a developer has open: served from this machine, so
  // the browser's own blocking of public sites' requests to the local network is not in play, and whatever
  // is refused, the lake refuses.
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end('<!doctype html><title>Not the Studio</title><p>Hello</p>')
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const attacker = await context.newPage()
  await attacker.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).finally(() => server.close())
  const attempts = await attacker.evaluate(
    async ({ lake, draftsQuery, deleteSettings, token }) => {
      const outcome = (request: Promise<Response>) =>
        request.then(
          async (response) => `answered ${response.status}: ${await response.text()}`,
          () => 'refused by the browser',
        )
      const listen = new Promise<string>((resolve) => {
        const events = new EventSource(`${lake}/listen/production?includeResult=true&query=*`)
        events.onmessage = (event) => resolve(`received ${event.data}`)
        events.onerror = () => {
          events.close()
          resolve('refused by the browser')
        }
      })
      return {
        readDrafts: await outcome(fetch(draftsQuery)),
        // Even with the editor's token, which such a page would not have: the origin alone is refused.
        readDraftsWithToken: await outcome(fetch(draftsQuery, { headers: { authorization: `Bearer ${token}` } })),
        deleteWithToken: await outcome(
          fetch(`${lake}/mutate/production`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: deleteSettings,
          }),
        ),
        // A request the browser sends without asking the lake first; its answer stays hidden from the page.
        deleteBlind: await fetch(`${lake}/mutate/production`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: deleteSettings,
        }).then((response) => response.type),
        listen: await listen,
      }
    },
    { lake: LAKE, draftsQuery: DRAFTS_QUERY, deleteSettings: DELETE_SETTINGS, token: LAKE_TOKEN },
  )

  expect(attempts).toEqual({
    readDrafts: 'refused by the browser',
    readDraftsWithToken: 'refused by the browser',
    deleteWithToken: 'refused by the browser',
    deleteBlind: 'opaque',
    listen: 'refused by the browser',
  })
  // What reached the lake was answered 403 (the preflights of the requests with a token too), and nothing changed.
  expect(loggedStatuses('POST', '/v2025-02-19/data/mutate/production').at(-1)).toBe(403)
  expect(loggedStatuses('OPTIONS', '/v2025-02-19/data/query/production').at(-1)).toBe(403)
  expect(loggedStatuses('GET', '/v2025-02-19/data/listen/production').at(-1)).toBe(403)
  expect(storedDocument('siteSettings')).toMatchObject({ _id: 'siteSettings', companyName: 'AdvisorGrowth' })
  const drafts = await fetch(DRAFTS_QUERY, { headers: { authorization: `Bearer ${LAKE_TOKEN}` } })
  expect((await drafts.json()).result).toContainEqual(expect.objectContaining(draft))
  await mutateAsEditor([{ delete: { id: draft._id } }])
})

function mutateAsEditor(mutations: unknown[]) {
  return fetch(`${LAKE}/mutate/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LAKE_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations }),
  })
}
