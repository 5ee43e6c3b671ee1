import { describe, expect, it } from 'vitest'
import { lakePerTest, rejectionOf } from './lake'

const lake = lakePerTest()

// https://www.sanity.io/docs/http-actions and https://www.sanity.io/docs/content-lake/dispatch-actions
describe('the Actions API', () => {
  it('create makes a draft; edit patches it; publish replaces the published document and removes the draft', async () => {
    const created = await lake.editor.action({
      actionType: 'sanity.action.document.create',
      publishedId: 'faq-2',
      attributes: { _id: 'drafts.faq-2', _type: 'faq', question: 'New?' },
      ifExists: 'fail',
    })
    expect(created.transactionId).toEqual(expect.any(String))
    await lake.editor.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.faq-2',
      publishedId: 'faq-2',
      patch: { set: { answer: 'Yes' } },
    })
    const draft = await lake.editor.getDocument('drafts.faq-2')
    expect(draft).toMatchObject({ question: 'New?', answer: 'Yes', _rev: expect.any(String) })
    await lake.editor.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.faq-2',
      publishedId: 'faq-2',
    })
    const published = await lake.editor.getDocument('faq-2')
    expect(published).toMatchObject({ _id: 'faq-2', question: 'New?', answer: 'Yes' })
    expect(await lake.editor.getDocument('drafts.faq-2')).toBeUndefined()
    // A first publish keeps the time the document (its draft) was created.
    expect(published?._createdAt).toBe(draft?._createdAt)
  })

  it('edit of a published document without a draft starts the draft from it', async () => {
    await lake.editor.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.settings',
      publishedId: 'settings',
      patch: { set: { tagline: 'Draft tagline' } },
    })
    expect(await lake.editor.getDocument('drafts.settings')).toMatchObject({
      companyName: 'Acme',
      tagline: 'Draft tagline',
    })
    expect(await lake.editor.getDocument('settings')).not.toHaveProperty('tagline')
  })

  it("republishing keeps the published document's _createdAt", async () => {
    await lake.editor.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.faq-1',
      publishedId: 'faq-1',
    })
    const settingsDraft = { _id: 'drafts.settings', _type: 'siteSettings', companyName: 'Acme 2' }
    await lake.editor.action({
      actionType: 'sanity.action.document.replaceDraft',
      publishedId: 'settings',
      attributes: settingsDraft,
    })
    await lake.editor.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.settings',
      publishedId: 'settings',
    })
    expect(await lake.editor.getDocument('settings')).toMatchObject({
      companyName: 'Acme 2',
      _createdAt: '2026-01-01T00:00:00Z',
    })
  })

  it('unpublish turns the published document back into a draft; discard removes a draft; delete removes both', async () => {
    await lake.editor.action({
      actionType: 'sanity.action.document.unpublish',
      draftId: 'drafts.settings',
      publishedId: 'settings',
    })
    expect(await lake.editor.getDocument('settings')).toBeUndefined()
    expect(await lake.editor.getDocument('drafts.settings')).toMatchObject({ companyName: 'Acme' })
    await lake.editor.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.settings' })
    expect(await lake.editor.getDocument('drafts.settings')).toBeUndefined()
    await lake.editor.action({
      actionType: 'sanity.action.document.delete',
      publishedId: 'faq-1',
      includeDrafts: ['drafts.faq-1'],
    })
    expect(await lake.editor.getDocuments(['faq-1', 'drafts.faq-1'])).toEqual([null, null])
  })

  it('applies several actions in one transaction, or none of them', async () => {
    const failure = await rejectionOf(
      lake.editor.action([
        { actionType: 'sanity.action.document.discard', draftId: 'drafts.faq-1' },
        { actionType: 'sanity.action.document.publish', draftId: 'drafts.nothing', publishedId: 'nothing' },
      ]),
    )
    expect(failure.statusCode).toBe(409)
    expect(await lake.editor.getDocument('drafts.faq-1')).toBeDefined()
  })

  it('types its errors actionError, each item with the index of the failing action (client: isActionError)', async () => {
    const failure = await rejectionOf(
      lake.editor.action([
        { actionType: 'sanity.action.document.discard', draftId: 'drafts.faq-1' },
        { actionType: 'sanity.action.document.publish', draftId: 'drafts.nothing', publishedId: 'nothing' },
      ]),
    )
    expect(failure.details).toMatchObject({
      type: 'actionError',
      description: expect.any(String),
      items: [{ index: 1, error: { type: expect.any(String), description: expect.any(String) } }],
    })
    // The client lists each item's description after the error's own (http/errors extractErrorProps).
    expect(failure.message).toContain('\n- ')
  })

  it('dryRun answers without applying (https://www.sanity.io/docs/content-lake/mutation-patterns)', async () => {
    const answer = await lake.editor.action(
      {
        actionType: 'sanity.action.document.create',
        publishedId: 'faq-dry',
        attributes: { _id: 'drafts.faq-dry', _type: 'faq' },
        ifExists: 'fail',
      },
      { dryRun: true },
    )
    expect(answer.transactionId).toEqual(expect.any(String))
    expect(await lake.editor.getDocument('drafts.faq-dry')).toBeUndefined()
    await lake.editor.action(
      { actionType: 'sanity.action.document.discard', draftId: 'drafts.faq-1' },
      { dryRun: true },
    )
    expect(await lake.editor.getDocument('drafts.faq-1')).toBeDefined()
  })

  it('uses a given transaction id, and refuses one already used', async () => {
    const discard = { actionType: 'sanity.action.document.discard', draftId: 'drafts.faq-1' } as const
    expect(await lake.editor.action(discard, { transactionId: 'tx-action-1' })).toEqual({
      transactionId: 'tx-action-1',
    })
    const replace = {
      actionType: 'sanity.action.document.replaceDraft',
      publishedId: 'faq-1',
      attributes: { _id: 'drafts.faq-1', _type: 'faq' },
    } as const
    const failure = await rejectionOf(lake.editor.action(replace, { transactionId: 'tx-action-1' }))
    expect(failure.statusCode).toBe(409)
    expect(failure.details).toMatchObject({ type: 'actionError' })
  })
})
