import { describe, expect, it } from 'vitest'
import { lakePerTest, rejectionOf } from './lake'

const lake = lakePerTest()

// https://www.sanity.io/docs/http-reference/query and https://www.sanity.io/docs/perspectives
describe('queries and perspectives', () => {
  it('answers {result, ms, query}, without the query when returnQuery is false (client: dataMethods)', async () => {
    const raw = await lake.editor.fetch('*[_id == $id][0].companyName', { id: 'settings' }, { filterResponse: false })
    expect(raw).toEqual({ result: 'Acme', ms: expect.any(Number), query: '*[_id == $id][0].companyName' })
    const quiet = await lake.editor.fetch('count(*)', {}, { filterResponse: false, returnQuery: false })
    expect(quiet).toEqual({ result: 3, ms: expect.any(Number) })
  })

  it('defaults to the published perspective from API version 2025-02-19: drafts are not in the result', async () => {
    expect(await lake.editor.fetch('*[_type == "faq"]._id | order(@)')).toEqual(['faq-1', 'team.secret'])
  })

  it('raw shows drafts beside published documents; drafts overlays each draft on its published document', async () => {
    expect(await lake.editor.fetch('*[_type == "faq"]._id | order(@)', {}, { perspective: 'raw' })).toEqual([
      'drafts.faq-1',
      'faq-1',
      'team.secret',
    ])
    const drafted = await lake.editor.fetch('*[_id == "faq-1"][0]{_id, question}', {}, { perspective: 'drafts' })
    expect(drafted).toEqual({ _id: 'faq-1', question: 'Is it local? (draft)' })
  })

  it('refuses an unknown perspective with 400', async () => {
    const failure = await rejectionOf(lake.editor.request({ uri: '/data/query/production?query=*&perspective=nope' }))
    expect(failure.statusCode).toBe(400)
  })

  it('answers a syntax error with queryParseError, the query and the error position', async () => {
    const failure = await rejectionOf(lake.editor.fetch('*[_type == ]'))
    expect(failure.statusCode).toBe(400)
    expect(failure.details).toMatchObject({ type: 'queryParseError', query: '*[_type == ]' })
    expect(failure.details?.start).toEqual(expect.any(Number))
    expect(failure.details?.end).toBeGreaterThan(failure.details?.start as number)
    expect(failure.message).toMatch(/^GROQ query parse error:/) // the client formats a code frame from start/end
  })

  it('refuses a query that references a $parameter the request does not give (not an empty answer)', async () => {
    // Sanity: "param $type referenced, but not provided", a queryParseError pointing at the parameter.
    const failure = await rejectionOf(lake.editor.fetch('*[_type == $type]'))
    expect(failure.statusCode).toBe(400)
    expect(failure.details).toEqual({
      type: 'queryParseError',
      description: 'param $type referenced, but not provided',
      query: '*[_type == $type]',
      start: 11,
      end: 16,
    })
  })

  it('passes parameters of every JSON type', async () => {
    const result = await lake.editor.fetch('{"s": $s, "n": $n, "b": $b, "a": $a, "o": $o, "z": $z}', {
      s: 'x',
      n: 2.5,
      b: true,
      a: [1, 'two'],
      o: { k: 'v' },
      z: null,
    })
    expect(result).toEqual({ s: 'x', n: 2.5, b: true, a: [1, 'two'], o: { k: 'v' }, z: null })
  })

  it('answers a long query sent as POST the same as a GET (client: switches above 11 kB)', async () => {
    const padding = 'x'.repeat(12_000)
    expect(await lake.editor.fetch('*[_id == $id && $pad != ""][0]._id', { id: 'faq-1', pad: padding })).toBe('faq-1')
  })

  // Not documented; the hosted API's wording as sanity-io/sanity#7528 shows it (for a dataset alias).
  it('answers 404 "Dataset not found" for a dataset the project does not have', async () => {
    const failure = await rejectionOf(lake.client({ dataset: 'other' }).fetch('*'))
    expect(failure.statusCode).toBe(404)
    expect(failure.message).toBe('Dataset not found - Dataset "other" not found for project ID "conformance"')
  })
})
