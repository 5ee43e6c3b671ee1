import { describe, expect, it } from 'vitest'
import { lakePerTest, rejectionOf } from './lake'

const lake = lakePerTest()

// https://www.sanity.io/docs/content-lake/technical-limits: a mutation request's body is at most 4 MB (SI: 4,000,000
// bytes); the hosted API answers "Request body exceeds limit of 4000000 bytes". Not documented: the error's type.
describe('limits', () => {
  it('accepts a mutation under 4 MB', async () => {
    const created = await lake.editor.create({ _id: 'big', _type: 'faq', text: 'x'.repeat(3_000_000) })
    expect(created.text).toHaveLength(3_000_000)
  })

  it('refuses a mutation over 4 MB with 413 and stores nothing', async () => {
    const failure = await rejectionOf(lake.editor.create({ _id: 'too-big', _type: 'faq', text: 'x'.repeat(4_000_001) }))
    expect(failure.statusCode).toBe(413)
    expect(failure.message).toBe('Request body exceeds limit of 4000000 bytes')
    expect(await lake.editor.getDocument('too-big')).toBeUndefined()
  })

  it('refuses a 60 MB body with 413, not 400', async () => {
    const failure = await rejectionOf(lake.editor.create({ _id: 'huge', _type: 'faq', text: 'x'.repeat(60_000_000) }))
    expect(failure.statusCode).toBe(413)
  })

  it('refuses an action request over 4 MB with 413', async () => {
    const failure = await rejectionOf(
      lake.editor.action({
        actionType: 'sanity.action.document.create',
        publishedId: 'too-big',
        attributes: { _id: 'drafts.too-big', _type: 'faq', text: 'x'.repeat(4_000_001) },
        ifExists: 'fail',
      }),
    )
    expect(failure.statusCode).toBe(413)
  })
})

// Not documented: the hosted API's exact answers to malformed requests. The lake answers 400 and changes nothing.
describe('bad input', () => {
  const mutate = (body: unknown) => lake.editor.request({ uri: '/data/mutate/production', method: 'POST', body })

  it('refuses a body that is not JSON', async () => {
    const failure = await rejectionOf(
      lake.editor.request({
        uri: '/data/mutate/production',
        method: 'POST',
        body: '{"mutations": [',
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(failure.statusCode).toBe(400)
  })

  it('refuses no mutations, an unknown mutation and a document without _type', async () => {
    for (const body of [
      { mutations: [] },
      { mutations: [{ frobnicate: { id: 'faq-1' } }] },
      { mutations: [{ create: { _id: 'untyped' } }] },
    ]) {
      const failure = await rejectionOf(mutate(body))
      expect(failure.statusCode).toBe(400)
      expect(failure.details).toMatchObject({ type: 'mutationError' })
    }
    expect(await lake.editor.getDocument('untyped')).toBeUndefined()
  })

  it('refuses an unknown action with an actionError', async () => {
    const failure = await rejectionOf(
      lake.editor.request({
        uri: '/data/actions/production',
        method: 'POST',
        body: { actions: [{ actionType: 'sanity.action.document.frobnicate' }] },
      }),
    )
    expect(failure.statusCode).toBe(400)
    expect(failure.details).toMatchObject({ type: 'actionError', items: [{ index: 0 }] })
  })
})
