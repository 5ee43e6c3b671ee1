import type { SanityDocument } from '../dataset'
import { type LakeMutation, MutationError } from './mutations'
import { type ReleaseAction, releaseActionMutations, releaseDocumentId } from './releases'

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
  /** A version's whole content (`createVersion` and `replaceVersion` with a document). */
  document?: SanityDocument
  /** The document a new version starts from (`createVersion` with a base). */
  baseId?: string
  ifBaseRevisionId?: string
}

type Lookup = (id: string) => SanityDocument | undefined

/** The documents actions apply to: the lake, or a view of it. */
export interface ActionTarget {
  get: Lookup
  documents: () => SanityDocument[]
}

export interface ActionOptions {
  /** The lake's scheduler publishes scheduled releases; clients publish active ones. */
  asScheduler?: boolean
}

/**
 * Translates actions into the mutations the hosted API applies for them, all in one transaction, with
 * each action's preconditions checked as Sanity checks them.
 */
export function actionsToMutations(
  actions: (DocumentAction | ReleaseAction)[],
  target: ActionTarget,
  options: ActionOptions = {},
): LakeMutation[] {
  if (!Array.isArray(actions) || actions.length === 0) {
    throw new MutationError(400, { type: 'invalidAction', description: 'No actions given' }, 0)
  }
  const pending = new Map<string, SanityDocument | null>()
  const current = (id: string) => (pending.has(id) ? (pending.get(id) ?? undefined) : target.get(id))
  const idsStartingWith = (prefix: string) =>
    [...new Set([...target.documents().map((document) => document._id), ...pending.keys()])].filter((id) =>
      id.startsWith(prefix),
    )
  const now = new Date().toISOString()
  return actions.flatMap((action, index) => {
    if (typeof action !== 'object' || action === null) {
      throw new MutationError(400, { type: 'invalidAction', description: 'An action must be an object' }, index)
    }
    const mutations = action.actionType?.startsWith('sanity.action.release.')
      ? releaseActionMutations(action, { current, idsStartingWith, now, ...options }, index)
      : mutationsFor(action as DocumentAction, current, index)
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
    case 'sanity.action.document.version.create':
      return versionCreateMutations(action, current, fail, need)
    case 'sanity.action.document.version.replace': {
      const document = action.document ?? fail('invalidAction', `${action.actionType} needs document`)
      if (!current(document._id)) fail('documentNotFoundError', `There is no version "${document._id}" to replace`)
      return [{ createOrReplace: document }]
    }
    case 'sanity.action.document.version.unpublish': {
      const versionId = need(action.versionId, 'versionId')
      const publishedId = need(action.publishedId, 'publishedId')
      const published = current(publishedId) ?? fail('documentNotFoundError', `Document "${publishedId}" not found`)
      // The version stays, marked: publishing its release removes the published document.
      const version = current(versionId) ?? { ...stripSystemFields(published), _id: versionId }
      return [{ createOrReplace: { ...stripSystemFields(version), _id: versionId, _system: { delete: true } } }]
    }
    case 'sanity.action.document.create': {
      const attributes = action.attributes ?? {}
      const id = attributes._id ?? action.draftId ?? action.versionId
      const document = { ...attributes, _id: need(id, 'attributes._id') } as SanityDocument
      return action.ifExists === 'ignore' ? [{ createIfNotExists: document }] : [{ create: document }]
    }
    case 'sanity.action.document.replaceDraft': {
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

/**
 * `sanity.action.document.version.create` (https://www.sanity.io/docs/http-reference/actions): either the
 * version's whole `document`, or a `baseId` to copy (checked against `ifBaseRevisionId`) into `versionId`.
 */
function versionCreateMutations(
  action: DocumentAction,
  current: Lookup,
  fail: (type: string, description: string) => never,
  need: (value: string | undefined, field: string) => string,
): LakeMutation[] {
  let version: SanityDocument
  if (action.document) {
    version = action.document
  } else {
    const baseId = need(action.baseId, 'document or baseId')
    const base = current(baseId) ?? fail('documentNotFoundError', `Document "${baseId}" not found`)
    if (action.ifBaseRevisionId && action.ifBaseRevisionId !== base._rev) {
      fail('documentRevisionIDDoesNotMatchError', `Document "${baseId}" has changed since it was read`)
    }
    version = { ...stripSystemFields(base), _id: need(action.versionId, 'versionId') }
  }
  const id = need(version._id, 'document._id')
  const releaseId = id.startsWith('versions.') ? id.split('.')[1] : undefined
  if (releaseId !== undefined) {
    const release = current(releaseDocumentId(releaseId))
    if (!release) fail('documentNotFoundError', `Release "${releaseId}" not found`)
    else if (release.state !== 'active') {
      fail('releaseStateError', `Release "${releaseId}" is ${release.state}: only an active release takes new versions`)
    }
  }
  return action.ifExists === 'ignore' ? [{ createIfNotExists: version }] : [{ create: version }]
}

/** A copy without the fields the lake sets itself on write. */
function stripSystemFields(document: SanityDocument): SanityDocument {
  const { _rev, _updatedAt, ...rest } = document
  return rest
}
