import { createClient } from '@sanity/client'
import { applyPerspective, handleQueryApiRequest, parseNdjson, type SanityDocument } from '@site/content-api'
import { contentApiHandlers, MSW_CONTENT_API_ORIGIN } from '@site/content-api/msw'
import { startContentApiServer } from '@site/content-api/server'
import { describe, expect, it } from 'vitest'
import { server } from './support/mswServer'

const documents: SanityDocument[] = [
  { _id: 'a', _type: 'note', title: 'Published A' },
  { _id: 'drafts.a', _type: 'note', title: 'Draft A' },
  { _id: 'drafts.b', _type: 'note', title: 'Draft-only B' },
  { _id: 'c', _type: 'note', title: 'Published C' },
]
const api = (request: Request) =>
  handleQueryApiRequest(request, { documents: () => documents, datasets: ['production'] })
const url = (path: string) => `http://api.test${path}`

describe('embedded Sanity query API', () => {
  it('answers GET with $params the way the hosted API does', async () => {
    const query = encodeURIComponent('*[_type == $type] | order(_id) .title')
    const response = await api(new Request(url(`/v2025-02-19/data/query/production?query=${query}&$type=%22note%22`)))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.result).toEqual(['Published A', 'Published C'])
    expect(body.query).toBe('*[_type == $type] | order(_id) .title')
    expect(typeof body.ms).toBe('number')
  })

  it('answers POST {query, params} and omits the query with returnQuery=false', async () => {
    const response = await api(
      new Request(url('/v2025-02-19/data/query/production?returnQuery=false'), {
        method: 'POST',
        body: JSON.stringify({ query: '*[_id == $id][0].title', params: { id: 'c' } }),
      }),
    )
    expect(await response.json()).toEqual({ result: 'Published C', ms: expect.any(Number) })
  })

  it.each([
    ['published', ['Published A', 'Published C']],
    ['drafts', ['Draft A', 'Draft-only B', 'Published C']],
    ['raw', ['Draft A', 'Draft-only B', 'Published A', 'Published C']],
  ])('applies the %s perspective', async (perspective, titles) => {
    const query = encodeURIComponent('*[] .title')
    const response = await api(
      new Request(url(`/v2025-02-19/data/query/production?query=${query}&perspective=${perspective}`)),
    )
    expect(((await response.json()).result as string[]).sort()).toEqual(titles)
  })

  it('defaults to raw before API version 2025-02-19, as the hosted API does', async () => {
    const response = await api(
      new Request(url(`/v2021-10-21/data/query/production?query=${encodeURIComponent('count(*)')}`)),
    )
    expect((await response.json()).result).toBe(4)
  })

  it('gives drafts the published id in the drafts perspective', () => {
    expect(applyPerspective(documents, 'drafts').find((doc) => doc.title === 'Draft A')).toMatchObject({
      _id: 'a',
      _originalId: 'drafts.a',
    })
  })

  it("reports a query syntax error in Sanity's error shape", async () => {
    const response = await api(
      new Request(url(`/v2025-02-19/data/query/production?query=${encodeURIComponent('*[_type ==')}`)),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({ type: 'queryParseError', query: '*[_type ==' })
    expect(typeof body.error.description).toBe('string')
    expect(typeof body.error.start).toBe('number')
  })

  it('rejects an unknown dataset and malformed parameters', async () => {
    const unknown = await api(new Request(url(`/v2025-02-19/data/query/staging?query=${encodeURIComponent('1')}`)))
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error.description).toBe('Dataset "staging" not found')
    const badParam = await api(
      new Request(url(`/v2025-02-19/data/query/production?query=${encodeURIComponent('$x')}&$x=notjson`)),
    )
    expect(badParam.status).toBe(400)
    expect((await badParam.json()).error.description).toBe('Parameter "$x" is not valid JSON')
  })

  it('answers CORS preflights, including the X-Sanity-Project-ID header the client sends', async () => {
    const response = await api(new Request(url('/v2025-02-19/data/query/production'), { method: 'OPTIONS' }))
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toContain('X-Sanity-Project-ID')
  })

  it('names the line of a malformed NDJSON document', () => {
    expect(() => parseNdjson('{"_id":"a","_type":"x"}\n{"_id":', 'seed.ndjson')).toThrow(
      /^seed\.ndjson:2: not valid JSON/,
    )
    expect(() => parseNdjson('{"_type":"x"}', 'seed.ndjson')).toThrow(
      'seed.ndjson:1: a document needs a string _id and _type',
    )
  })

  it('serves @sanity/client through msw and through a real local HTTP server, with the same results', async () => {
    server.use(...contentApiHandlers({ documents }))
    const query = '*[_type == "note"] | order(_id) { _id, title }'
    const viaMsw = await createClient({
      projectId: 'embedded',
      dataset: 'production',
      apiVersion: '2025-02-19',
      useCdn: false,
      apiHost: MSW_CONTENT_API_ORIGIN,
      useProjectHostname: false,
    }).fetch(query)

    const seedFile = `${process.env.TMPDIR ?? '/tmp'}/content-api-test-${process.pid}.ndjson`
    const { writeFileSync, rmSync } = await import('node:fs')
    writeFileSync(seedFile, documents.map((doc) => JSON.stringify(doc)).join('\n'))
    const http = await startContentApiServer({ seedFile })
    server.close() // let the real request through
    try {
      const viaHttp = await createClient({
        projectId: 'embedded',
        dataset: 'production',
        apiVersion: '2025-02-19',
        useCdn: false,
        apiHost: http.origin,
        useProjectHostname: false,
      }).fetch(query)
      expect(viaHttp).toEqual(viaMsw)
      expect(viaMsw).toEqual([
        { _id: 'a', title: 'Published A' },
        { _id: 'c', title: 'Published C' },
      ])
    } finally {
      server.listen({ onUnhandledRequest: 'error' })
      await http.close()
      rmSync(seedFile)
    }
  })
})
