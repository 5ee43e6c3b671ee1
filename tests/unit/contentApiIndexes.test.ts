import { runQuery, type SanityDocument } from '@site/content-api'
import { describe, expect, it } from 'vitest'

// Enough documents that a wrongly narrowed filter would show, in a mix of types and values.
const CATEGORIES = ['Guide', 'Article', 'Training Guide']
const resources: SanityDocument[] = Array.from({ length: 300 }, (_, i) => ({
  _id: `resource.${i}`,
  _type: 'resource',
  slug: { current: `guide-${i}` },
  category: CATEGORIES[i % 3],
  readTime: i % 20,
}))
const documents: SanityDocument[] = [
  {
    _id: 'home',
    _type: 'page',
    path: { current: '/' },
    related: [{ _ref: 'resource.7' }, { _ref: 'resource.250' }, { _ref: 'missing' }],
  },
  ...resources,
  { _id: 'about', _type: 'page', path: { current: '/about' } },
  { _id: 'stray', _type: 'note', slug: { current: 'guide-7' }, category: 'Guide' },
]
const idsWhere = (keep: (doc: SanityDocument) => boolean) => documents.filter(keep).map((doc) => doc._id)

describe('embedded query API filters and references over many documents', () => {
  it('finds a document by a computed path, and nothing for a path no document has', async () => {
    const query = '*[_type == "resource" && "/resources/" + slug.current == $path][0]._id'
    expect(await runQuery(documents, query, { path: '/resources/guide-7' })).toBe('resource.7')
    expect(await runQuery(documents, query, { path: '/resources/guide-299' })).toBe('resource.299')
    expect(await runQuery(documents, query, { path: '/resources/guide-300' })).toBeNull()
  })

  it('returns every match in dataset order, applying the terms that are not equalities too', async () => {
    expect(
      await runQuery(documents, '*[_type == "resource" && category == $category]._id', { category: 'Guide' }),
    ).toEqual(idsWhere((doc) => doc._type === 'resource' && doc.category === 'Guide'))
    expect(await runQuery(documents, '*[category == "Guide" && readTime > 15]._id')).toEqual(
      idsWhere((doc) => doc.category === 'Guide' && typeof doc.readTime === 'number' && doc.readTime > 15),
    )
    expect(await runQuery(documents, '*["Guide" == category && (_type == "note")]._id')).toEqual(['stray'])
  })

  it('does not narrow by a term of an alternative', async () => {
    expect(await runQuery(documents, '*[_type == "note" || _id == "about"]._id')).toEqual(['about', 'stray'])
    expect(await runQuery(documents, '*[_id in ["home"] || $always]._id', { always: true })).toEqual(
      documents.map((doc) => doc._id),
    )
  })

  it('narrows by a list of values, in dataset order, for listed and parameter lists alike', async () => {
    expect(await runQuery(documents, '*[_id in $ids]._id', { ids: ['stray', 'resource.9', 'home', 'stray'] })).toEqual([
      'home',
      'resource.9',
      'stray',
    ])
    expect(await runQuery(documents, '*[_type in ["page", "note"]]._id')).toEqual(['home', 'about', 'stray'])
    expect(await runQuery(documents, '*[_id in $ids]._id', { ids: [] })).toEqual([])
    expect(await runQuery(documents, '*[readTime in [19, "3"]]._id')).toEqual(idsWhere((doc) => doc.readTime === 19))
  })

  it('takes an optional list filter as its list when the list is given, and as no filter when it is null', async () => {
    const query = '*[_type in ["page", "resource"] && ($ids == null || _id in $ids)]._id'
    expect(await runQuery(documents, query, { ids: ['stray', 'about', 'resource.3'] })).toEqual(['resource.3', 'about'])
    expect(await runQuery(documents, query, { ids: null })).toEqual(
      idsWhere((doc) => doc._type === 'page' || doc._type === 'resource'),
    )
  })

  it('compares numbers as numbers, and never equal to strings', async () => {
    expect(await runQuery(documents, '*[readTime == 19]._id')).toEqual(idsWhere((doc) => doc.readTime === 19))
    expect(await runQuery(documents, '*[readTime == "19"]._id')).toEqual([])
  })

  it('resolves references, and a dangling one to null', async () => {
    expect(await runQuery(documents, '*[_id == "home"][0].related[]->slug.current')).toEqual([
      'guide-7',
      'guide-250',
      null,
    ])
  })

  it('answers from the new documents when it is given a new array', async () => {
    const query = '*[_type == "page" && path.current == "/about"][0]._id'
    expect(await runQuery(documents, query)).toBe('about')
    const moved = documents.map((doc) => (doc._id === 'about' ? { ...doc, path: { current: '/about-us' } } : doc))
    expect(await runQuery(moved, query)).toBeNull()
  })
})
