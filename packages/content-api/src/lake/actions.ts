import type { SanityDocument } from '../dataset'
import { type LakeMutation, MutationError } from './mutations'

/** One of the Actions API's document actions (`data/actions`), as the Studio sends them. */
export interface DocumentAction {
  actionType: string
  draftId?: string
  publishedId?: string
  versionId?: string
  attributes?: Partial<SanityDocument>
  patch?: Record<string, unknown>
  ifExists?: 'fail' | 'ignore'
  ifDraftRevisionId?: string
  ifPublishedRevisionId?: string
  includeDrafts?: string[]
  purge?: boolean
}

type Lookup = (id: string) => SanityDocument | undefined

/**
 * Translates actions into the mutations the hosted API applies for them, all in one transaction, with
 * each action's preconditions checked as Sanity checks them.
 */
export function actionsToMutations(actions: DocumentAction[], lookup: Lookup): LakeMutation[] {
  if (!Array.isArray(actions) || actions.length === 0) {
    throw new MutationError(400, { type: 'invalidAction', description: 'No actions given' }, 0)
  }
  const pending = new Map<string, SanityDocument | null>()
  const current = (id: string) => (pending.has(id) ? (pending.get(id) ?? undefined) : lookup(id))
  return actions.flatMap((action, index) => {
    const mutations = mutationsFor(action, current, index)
    for (const mutation of mutations) trackPending(mutation, pending)
    return mutations
  })
}

function trackPending(mutation: LakeMutation, pending: Map<string, SanityDocument | null>): void {
  if ('createOrReplace' in mutation) pending.set(mutation.createOrReplace._id, mutation.createOrReplace)
  else if ('createIfNotExists' in mutation && !pending.get(mutation.createIfNotExists._id)) {
    pending.set(mutation.createIfNotExists._id, mutation.createIfNotExists)
  } else if ('create' in mutation && mutation.create._id) {
    pending.set(mutation.create._id, { ...mutation.create, _id: mutation.create._id })
  } else if ('delete' in mutation) pending.set(mutation.delete.id, null)
}

function mutationsFor(action: DocumentAction, current: Lookup, index: number): LakeMutation[] {
  const fail = (type: string, description: string): never => {
    throw new MutationError(409, { type, description }, index)
  }
  const need = (value: string | undefined, field: string): string =>
    value ?? fail('invalidAction', `${action.actionType} needs ${field}`)

  switch (action.actionType) {
    case 'sanity.action.document.create':
    case 'sanity.action.document.version.create': {
      const attributes = action.attributes ?? {}
      const id = attributes._id ?? action.draftId ?? action.versionId
      const document = { ...attributes, _id: need(id, 'attributes._id') } as SanityDocument
      return action.ifExists === 'ignore' ? [{ createIfNotExists: document }] : [{ create: document }]
    }
    case 'sanity.action.document.replaceDraft':
    case 'sanity.action.document.version.replace': {
      const attributes = action.attributes ?? {}
      const id = need(attributes._id ?? action.draftId, 'attributes._id')
      return [{ createOrReplace: { ...attributes, _id: id } as SanityDocument }]
    }
    case 'sanity.action.document.edit': {
      const draftId = need(action.draftId, 'draftId')
      const publishedId = need(action.publishedId, 'publishedId')
      const mutations: LakeMutation[] = []
      if (!current(draftId)) {
        const published = current(publishedId) ?? fail('documentNotFoundError', `Document "${publishedId}" not found`)
        mutations.push({ createIfNotExists: { ...stripSystemFields(published), _id: draftId } })
      }
      mutations.push({ patch: { ...(action.patch ?? {}), id: draftId } })
      return mutations
    }
    case 'sanity.action.document.publish': {
      const draftId = need(action.draftId, 'draftId')
      const publishedId = need(action.publishedId, 'publishedId')
      const draft = current(draftId) ?? fail('documentNotFoundError', `There is no draft "${draftId}" to publish`)
      if (action.ifDraftRevisionId && action.ifDraftRevisionId !== draft._rev) {
        fail('documentRevisionIDDoesNotMatchError', `Draft "${draftId}" has changed since it was read`)
      }
      const published = current(publishedId)
      if (action.ifPublishedRevisionId && action.ifPublishedRevisionId !== published?._rev) {
        fail('documentRevisionIDDoesNotMatchError', `Document "${publishedId}" has changed since it was read`)
      }
      return [
        // A first publish keeps the draft's creation time: the document was created when its draft was.
        {
          createOrReplace: {
            ...stripSystemFields(draft),
            _id: publishedId,
            _createdAt: published?._createdAt ?? draft._createdAt,
          },
        },
        { delete: { id: draftId } },
      ]
    }
    case 'sanity.action.document.unpublish': {
      const draftId = need(action.draftId, 'draftId')
      const publishedId = need(action.publishedId, 'publishedId')
      const published = current(publishedId) ?? fail('documentNotFoundError', `Document "${publishedId}" not found`)
      return [{ createIfNotExists: { ...stripSystemFields(published), _id: draftId } }, { delete: { id: publishedId } }]
    }
    case 'sanity.action.document.discard':
    case 'sanity.action.document.version.discard': {
      const id = need(action.draftId ?? action.versionId, 'draftId')
      if (!current(id)) fail('documentNotFoundError', `There is no draft "${id}" to discard`)
      return [{ delete: { id } }]
    }
    case 'sanity.action.document.delete': {
      const publishedId = need(action.publishedId, 'publishedId')
      const ids = [publishedId, ...(action.includeDrafts ?? [`drafts.${publishedId}`])]
      return ids.filter((id) => current(id)).map((id) => ({ delete: { id } }))
    }
    default:
      throw new MutationError(
        400,
        { type: 'invalidAction', description: `Unknown action "${action.actionType}"` },
        index,
      )
  }
}

/** A copy without the fields the lake sets itself on write. */
function stripSystemFields(document: SanityDocument): SanityDocument {
  const { _rev, _updatedAt, ...rest } = document
  return rest
}
