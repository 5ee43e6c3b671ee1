import { describe, expect, it } from 'vitest'
import { lakePerTest, rejectionOf } from './lake'

const lake = lakePerTest()

const RELEASE = 'rspring'
const version = (documentId: string) => `versions.${RELEASE}.${documentId}`

async function releaseWithEdits(edits: Record<string, Record<string, unknown>>) {
  await lake.editor.releases.create({ releaseId: RELEASE, metadata: { title: 'Spring campaign', releaseType: 'asap' } })
  for (const [publishedId, fields] of Object.entries(edits)) {
    const published = await lake.editor.getDocument(publishedId)
    await lake.editor.createVersion({
      releaseId: RELEASE,
      publishedId,
      document: { _type: published?._type ?? 'faq', ...fields },
    })
  }
}

// https://www.sanity.io/docs/content-lake/content-release-document-flow: "Releases are Sanity documents with a
// type of system.release. The top-level state property holds the release state, and metadata holds the
// user-supplied fields"; release document ids are `_.releases.<releaseId>`, versions `versions.<releaseId>.<id>`.
describe('release documents and their states', () => {
  it('create makes an active system.release document at _.releases.<id>, read with releases.get', async () => {
    const created = await lake.editor.releases.create({ releaseId: RELEASE, metadata: { title: 'Spring campaign' } })
    expect(created).toMatchObject({ releaseId: RELEASE, transactionId: expect.any(String) })
    expect(await lake.editor.releases.get({ releaseId: RELEASE })).toMatchObject({
      _id: `_.releases.${RELEASE}`,
      _type: 'system.release',
      name: RELEASE,
      state: 'active',
      // The client fills in releaseType "undecided" when none is given (releases.create).
      metadata: { title: 'Spring campaign', releaseType: 'undecided' },
      _rev: expect.any(String),
    })
  })

  it('edit patches the metadata; a second create of the same id is refused', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE, metadata: { title: 'Spring' } })
    await lake.editor.releases.edit({ releaseId: RELEASE, patch: { set: { 'metadata.title': 'Spring launch' } } })
    expect((await lake.editor.releases.get({ releaseId: RELEASE }))?.metadata.title).toBe('Spring launch')
    const again = await rejectionOf(lake.editor.releases.create({ releaseId: RELEASE }))
    expect(again.statusCode).toBe(409)
    expect(again.details).toMatchObject({
      type: 'actionError',
      items: [{ error: { type: 'documentAlreadyExistsError' } }],
    })
  })

  // "schedule: queues a release for publishing at the given future time ... unschedule: stops a release from
  // being published" (@sanity/client releases.schedule / unschedule, https://www.sanity.io/docs/apis-and-sdks/js-client-releases).
  it('schedule sets state scheduled and publishAt in UTC; unschedule makes it active again without the time', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    await lake.editor.releases.schedule({ releaseId: RELEASE, publishAt: '2031-03-03T10:00:00+01:00' })
    expect(await lake.editor.releases.get({ releaseId: RELEASE })).toMatchObject({
      state: 'scheduled',
      publishAt: '2031-03-03T09:00:00.000Z',
    })
    await lake.editor.releases.unschedule({ releaseId: RELEASE })
    const release = await lake.editor.releases.get({ releaseId: RELEASE })
    expect(release?.state).toBe('active')
    // An unscheduled release keeps no old date that could come back (sanity-io/sanity#13824).
    expect(release).not.toHaveProperty('publishAt')
  })

  it('a scheduled release is locked: it takes no new version', async () => {
    await releaseWithEdits({ 'faq-1': { question: 'Spring?' } })
    await lake.editor.releases.schedule({ releaseId: RELEASE, publishAt: '2031-03-03T09:00:00Z' })
    const failure = await rejectionOf(
      lake.editor.createVersion({ releaseId: RELEASE, publishedId: 'settings', document: { _type: 'siteSettings' } }),
    )
    expect(failure.statusCode).toBe(409)
    expect(failure.details).toMatchObject({ items: [{ error: { type: 'releaseStateError' } }] })
  })

  // "An archive action removes an active release. The documents that comprise the release are deleted ...
  // An unarchive action restores an archived release and all documents with the content they had just prior
  // to archiving. A delete action removes a published or archived release." (@sanity/client releases.*)
  it('archive removes the versions, unarchive brings them back, delete needs a published or archived release', async () => {
    await releaseWithEdits({ 'faq-1': { question: 'Spring?' } })
    const active = await rejectionOf(lake.editor.releases.delete({ releaseId: RELEASE }))
    expect(active.statusCode).toBe(409)
    await lake.editor.releases.archive({ releaseId: RELEASE })
    expect((await lake.editor.releases.get({ releaseId: RELEASE }))?.state).toBe('archived')
    expect(await lake.editor.getDocument(version('faq-1'))).toBeUndefined()
    await lake.editor.releases.unarchive({ releaseId: RELEASE })
    expect((await lake.editor.releases.get({ releaseId: RELEASE }))?.state).toBe('active')
    expect(await lake.editor.getDocument(version('faq-1'))).toMatchObject({ question: 'Spring?' })
    await lake.editor.releases.archive({ releaseId: RELEASE })
    await lake.editor.releases.delete({ releaseId: RELEASE })
    expect(await lake.editor.releases.get({ releaseId: RELEASE })).toBeUndefined()
  })
})

// https://www.sanity.io/docs/http-reference/actions: sanity.action.document.version.create, .discard, .unpublish
describe('version documents', () => {
  it('createVersion with a document, or from a base document; fetchDocuments lists the release', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    await lake.editor.createVersion({
      releaseId: RELEASE,
      publishedId: 'faq-1',
      document: { _type: 'faq', question: 'From the client' },
    })
    await lake.editor.createVersion({ releaseId: RELEASE, publishedId: 'settings', baseId: 'settings' })
    expect(await lake.editor.getDocument(version('settings'))).toMatchObject({
      companyName: 'Acme',
      _type: 'siteSettings',
    })
    // "Queries that read release information need a perspective that can see it. Set the perspective to raw"
    // (https://www.sanity.io/docs/apis-and-sdks/content-releases-cheat-sheet): the default, published, shows none.
    expect((await lake.editor.releases.fetchDocuments({ releaseId: RELEASE })).result).toEqual([])
    const raw = lake.editor.withConfig({ perspective: 'raw' })
    const { result: documents } = await raw.releases.fetchDocuments({ releaseId: RELEASE })
    expect(documents.map((document) => document._id).sort()).toEqual([version('faq-1'), version('settings')])
  })

  it('refuses a version in a release that does not exist', async () => {
    const failure = await rejectionOf(
      lake.editor.createVersion({ releaseId: 'rnothing', publishedId: 'faq-1', document: { _type: 'faq' } }),
    )
    expect(failure.statusCode).toBe(409)
    expect(failure.details).toMatchObject({ items: [{ error: { type: 'documentNotFoundError' } }] })
  })

  it('discardVersion removes the version; unpublishVersion marks it to remove the published document', async () => {
    await releaseWithEdits({ 'faq-1': { question: 'Spring?' } })
    await lake.editor.discardVersion({ releaseId: RELEASE, publishedId: 'faq-1' })
    expect(await lake.editor.getDocument(version('faq-1'))).toBeUndefined()
    await lake.editor.unpublishVersion({ releaseId: RELEASE, publishedId: 'faq-1' })
    // The Studio reads the mark as `_system.delete === true` (isGoingToUnpublish).
    expect(await lake.editor.getDocument(version('faq-1'))).toMatchObject({ _system: { delete: true } })
  })
})

// https://www.sanity.io/docs/content-lake/perspectives: "a perspective stack of release IDs to view a custom
// perspective with Content Releases"; "With the release of API version 2025-02-19, the default perspective
// changed from raw to published"; "The raw perspective will return all drafts, versions, and published content".
describe('perspectives with releases', () => {
  it('a release id shows its versions over published documents, with the published _id and _originalId', async () => {
    await releaseWithEdits({ 'faq-1': { question: 'Spring?' } })
    const query = '*[_type == "faq" && _id == "faq-1"][0]{_id, _originalId, question}'
    expect(await lake.editor.fetch(query, {}, { perspective: [RELEASE] })).toEqual({
      _id: 'faq-1',
      _originalId: version('faq-1'),
      question: 'Spring?',
    })
    // The default (published) and drafts perspectives do not show release versions.
    expect(await lake.editor.fetch(query)).toMatchObject({ question: 'Is it local?' })
    expect(await lake.editor.fetch(query, {}, { perspective: 'drafts' })).toMatchObject({
      question: 'Is it local? (draft)',
    })
    expect(await lake.editor.fetch('count(*[_id in path("versions.**")])', {}, { perspective: 'raw' })).toBe(1)
  })

  it('a stack takes each document from its first layer that has it: release, then drafts, then published', async () => {
    await releaseWithEdits({ settings: { companyName: 'Acme Spring' } })
    const stack = [RELEASE, 'drafts']
    const found = await lake.editor.fetch(
      '*[_id in ["settings", "faq-1"]]{_id, "text": coalesce(companyName, question)} | order(_id)',
      {},
      {
        perspective: stack,
      },
    )
    expect(found).toEqual([
      { _id: 'faq-1', text: 'Is it local? (draft)' },
      { _id: 'settings', text: 'Acme Spring' },
    ])
  })

  it('a document the release unpublishes is not in its perspective', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    await lake.editor.unpublishVersion({ releaseId: RELEASE, publishedId: 'settings' })
    expect(await lake.editor.fetch('*[_id == "settings"][0]._id', {}, { perspective: [RELEASE] })).toBeNull()
  })

  it('release documents are seen in the raw perspective only', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    const releases = '*[_type == "system.release"]._id'
    expect(await lake.editor.fetch(releases, {}, { perspective: 'raw' })).toEqual([`_.releases.${RELEASE}`])
    expect(await lake.editor.fetch(releases)).toEqual([])
    expect(await lake.editor.fetch(releases, {}, { perspective: 'drafts' })).toEqual([])
  })

  it('refuses a release stack before API version 2025-02-19, and a release that does not exist', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    const old = lake.client({ token: lake.editor.config().token, apiVersion: '2024-01-01' })
    // https://www.sanity.io/docs/apis-and-sdks/content-releases-cheat-sheet: "Earlier versions accept only the
    // raw, published, and drafts perspectives ... fails with a 400 error".
    const complex = await rejectionOf(old.fetch('*', {}, { perspective: [RELEASE] }))
    expect(complex.statusCode).toBe(400)
    expect(complex.message).toContain('Complex perspectives are not supported for this version')
    const unknown = await rejectionOf(lake.editor.fetch('*', {}, { perspective: ['rnothing'] }))
    expect(unknown.statusCode).toBe(400)
  })
})

// "Publishes all documents in a release at once" (@sanity/client releases.publish); the release document then
// has state "published", `publishedAt` and `finalDocumentStates` (the client's ReleaseDocument type).
describe('publishing a release', () => {
  it('replaces every published document, removes the versions, and marks the release published, in one transaction', async () => {
    await releaseWithEdits({ 'faq-1': { question: 'Spring?' }, settings: { companyName: 'Acme Spring' } })
    const { transactionId } = await lake.editor.releases.publish({ releaseId: RELEASE })
    const [faq, settings] = await lake.editor.getDocuments(['faq-1', 'settings'])
    expect(faq).toMatchObject({ question: 'Spring?', _rev: transactionId })
    expect(settings).toMatchObject({
      companyName: 'Acme Spring',
      _rev: transactionId,
      _createdAt: '2026-01-01T00:00:00Z',
    })
    expect(await lake.editor.getDocuments([version('faq-1'), version('settings')])).toEqual([null, null])
    expect(await lake.editor.releases.get({ releaseId: RELEASE })).toMatchObject({
      state: 'published',
      publishedAt: expect.any(String),
      finalDocumentStates: expect.arrayContaining([{ id: 'faq-1' }, { id: 'settings' }]),
      _rev: transactionId,
    })
  })

  it('publishes an unpublish: the published document goes, a draft keeps its content', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    await lake.editor.unpublishVersion({ releaseId: RELEASE, publishedId: 'settings' })
    await lake.editor.releases.publish({ releaseId: RELEASE })
    expect(await lake.editor.getDocument('settings')).toBeUndefined()
    expect(await lake.editor.getDocument('drafts.settings')).toMatchObject({ companyName: 'Acme' })
  })

  it('strengthens the references the release wrote weak: documents of one release may reference each other', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    await lake.editor.createVersion({
      releaseId: RELEASE,
      publishedId: 'faq-new',
      document: { _type: 'faq', question: 'New' },
    })
    await lake.editor.createVersion({
      releaseId: RELEASE,
      publishedId: 'settings',
      document: {
        _type: 'siteSettings',
        featuredFaq: { _type: 'reference', _ref: 'faq-new', _weak: true, _strengthenOnPublish: { type: 'faq' } },
      },
    })
    await lake.editor.releases.publish({ releaseId: RELEASE })
    expect((await lake.editor.getDocument('settings'))?.featuredFaq).toEqual({ _type: 'reference', _ref: 'faq-new' })
    // The reference is strong now: the referenced document cannot be deleted.
    expect((await rejectionOf(lake.editor.delete('faq-new'))).statusCode).toBe(409)
  })

  // A release where document A references document B and B is to be unpublished fails "due to referential
  // failure" (sanity-io/sanity#9215): all or nothing.
  it('refuses a release that unpublishes a document another of its documents references, and changes nothing', async () => {
    await lake.editor.create({ _id: 'faq-2', _type: 'faq', question: 'Referenced' })
    await lake.editor.releases.create({ releaseId: RELEASE })
    await lake.editor.createVersion({
      releaseId: RELEASE,
      publishedId: 'settings',
      document: {
        _type: 'siteSettings',
        featuredFaq: { _type: 'reference', _ref: 'faq-2', _weak: true, _strengthenOnPublish: { type: 'faq' } },
      },
    })
    await lake.editor.unpublishVersion({ releaseId: RELEASE, publishedId: 'faq-2' })
    const failure = await rejectionOf(lake.editor.releases.publish({ releaseId: RELEASE }))
    expect(failure.statusCode).toBe(409)
    expect(failure.details).toMatchObject({
      type: 'actionError',
      items: [{ error: { type: 'documentHasExistingReferencesError', id: 'faq-2', referencingIDs: ['settings'] } }],
    })
    expect(await lake.editor.getDocument('settings')).toMatchObject({ companyName: 'Acme' })
    expect(await lake.editor.getDocument('faq-2')).toBeDefined()
    expect(await lake.editor.getDocument(version('settings'))).toBeDefined()
    expect((await lake.editor.releases.get({ releaseId: RELEASE }))?.state).toBe('active')
  })

  it('refuses to publish a release that is not active: scheduled, published or archived', async () => {
    await releaseWithEdits({ 'faq-1': { question: 'Spring?' } })
    await lake.editor.releases.schedule({ releaseId: RELEASE, publishAt: '2031-03-03T09:00:00Z' })
    const scheduled = await rejectionOf(lake.editor.releases.publish({ releaseId: RELEASE }))
    expect(scheduled.statusCode).toBe(409)
    expect(scheduled.details).toMatchObject({ items: [{ error: { type: 'releaseStateError' } }] })
    expect(scheduled.message).toContain('is scheduled')
    await lake.editor.releases.unschedule({ releaseId: RELEASE })
    await lake.editor.releases.publish({ releaseId: RELEASE })
    expect((await rejectionOf(lake.editor.releases.publish({ releaseId: RELEASE }))).message).toContain('is published')
    expect((await lake.editor.getDocument('faq-1'))?.question).toBe('Spring?')
  })

  // "A single release can contain a maximum of 1,000 documents" (content-release-document-flow).
  it('refuses to publish or schedule a release of more than 1,000 documents, and publishes none of them', async () => {
    await lake.editor.releases.create({ releaseId: RELEASE })
    const versions = Array.from({ length: 1_001 }, (_, index) => ({
      actionType: 'sanity.action.document.version.create' as const,
      publishedId: `bulk-${index}`,
      document: { _id: version(`bulk-${index}`), _type: 'faq', question: `Bulk ${index}` },
    }))
    await lake.editor.action(versions)
    const failure = await rejectionOf(lake.editor.releases.publish({ releaseId: RELEASE }))
    expect(failure.statusCode).toBe(409)
    expect(failure.details).toMatchObject({ items: [{ error: { type: 'releaseLimitExceededError' } }] })
    expect(failure.message).toContain('at most 1000')
    expect(await lake.editor.fetch('count(*[string::startsWith(_id, "bulk-")])')).toBe(0)
    const schedule = await rejectionOf(
      lake.editor.releases.schedule({ releaseId: RELEASE, publishAt: '2031-01-01T00:00:00Z' }),
    )
    expect(schedule.statusCode).toBe(409)
  })
})

// The Studio (sanity 5) shows its Releases tool and Scheduled Drafts only when `GET /features` lists
// "contentReleases" and "singleDocRelease" (its FEATURES constant), and before each new release asks
// `projects/<id>/new-content-release-allowed` (API version vX) for the limits and the count of active releases
// (https://www.sanity.io/docs/studio/content-releases-configuration: "Release quotas are organization-wide").
describe('what the Studio asks before it offers releases', () => {
  it('lists content releases and single-document releases among the features', async () => {
    expect(await lake.editor.request({ uri: '/features' })).toEqual(['contentReleases', 'singleDocRelease'])
  })

  // The banner of a published or archived release reads the plan's `featureTypes.retention` (the Releases tool
  // crashed on an empty answer); the lake removes no release, so it names no retention.
  it('names no history retention in the project subscription', async () => {
    expect(await lake.editor.request({ uri: '/subscriptions/project/conformance' })).toEqual({
      featureTypes: { retention: { features: [{ attributes: { maxRetentionDays: null } }] } },
    })
  })

  it('allows a new release with no limit, counting the active and scheduled ones', async () => {
    const allowance = () =>
      lake.editor.withConfig({ apiVersion: 'vX' }).request({ uri: 'projects/conformance/new-content-release-allowed' })
    expect(await allowance()).toEqual({
      data: {
        datasetReleaseLimit: Number.MAX_SAFE_INTEGER,
        orgActiveReleaseLimit: null,
        orgMeteredActiveReleaseCount: 0,
      },
    })
    await lake.editor.releases.create({ releaseId: RELEASE })
    await lake.editor.releases.create({ releaseId: 'rlater' })
    await lake.editor.releases.schedule({ releaseId: 'rlater', publishAt: '2031-01-01T00:00:00Z' })
    await lake.editor.releases.create({ releaseId: 'rold' })
    await lake.editor.releases.archive({ releaseId: 'rold' })
    expect(await allowance()).toMatchObject({ data: { orgMeteredActiveReleaseCount: 2 } })
  })
})
