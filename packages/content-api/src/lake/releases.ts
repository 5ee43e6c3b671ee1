import type { SanityDocument } from '../dataset'
import { isUnpublishMarker, publishedIdOf } from '../query'
import { RELEASE_ID_PATTERN, RELEASE_PREFIX, RELEASE_TYPE, releaseDocumentId, versionPrefix } from '../releaseIds'
import { type LakeMutation, MutationError } from './mutations'

/**
 * Content Releases as Sanity's HTTP API models them
 * (https://www.sanity.io/docs/content-lake/content-release-document-flow): a release is a `system.release`
 * document `_.releases.<releaseId>`, its documents are versions `versions.<releaseId>.<documentId>`.
 */
export { RELEASE_PREFIX, RELEASE_TYPE, releaseDocumentId, versionPrefix }

/** "A single release can contain a maximum of 1,000 documents, and the combined JSON ... 100 MB." */
export const MAX_RELEASE_DOCUMENTS = 1_000
export const MAX_RELEASE_BYTES = 100 * 1024 * 1024

export type ReleaseState = 'active' | 'scheduled' | 'published' | 'archived'

/** What the Studio looks for in `/features` before it offers releases and Scheduled Drafts (one-document releases). */
export const MODELLED_FEATURES = ['contentReleases', 'singleDocRelease']

/** Releases still to be published (Sanity counts these against a plan's limit). */
export const activeReleaseCount = (documents: SanityDocument[]) =>
  documents.filter(
    (document) => document._type === RELEASE_TYPE && ['active', 'scheduled'].includes(String(document.state)),
  ).length

export interface ReleaseAction {
  actionType: string
  releaseId?: string
  metadata?: Record<string, unknown>
  patch?: Record<string, unknown>
  publishAt?: string
}

/** What release actions read: the documents as the transaction has left them so far. */
export interface ReleaseContext {
  current: (id: string) => SanityDocument | undefined
  /** Ids of the documents whose id starts with the prefix (some may since have been deleted). */
  idsStartingWith: (prefix: string) => string[]
  /** The transaction's time, for `publishedAt`. */
  now: string
  /** Set by the lake's scheduler: publishing a scheduled release is its job, not a client's. */
  asScheduler?: boolean
}

/** Fields of a release document the lake keeps for itself: the versions an archive took away. */
const ARCHIVED_VERSIONS = '_archivedVersions'

/** The mutations one `sanity.action.release.*` action stands for, with the checks Sanity makes first. */
export function releaseActionMutations(action: ReleaseAction, context: ReleaseContext, index: number): LakeMutation[] {
  const fail = (status: number, type: string, description: string): never => {
    throw new MutationError(status, { type, description }, index)
  }
  const releaseId = action.releaseId ?? fail(400, 'invalidAction', `${action.actionType} needs releaseId`)
  if (!RELEASE_ID_PATTERN.test(releaseId)) {
    fail(400, 'invalidAction', `Release ID "${releaseId}" may only hold the characters a-zA-Z0-9_-`)
  }
  const id = releaseDocumentId(releaseId)
  const release = context.current(id)
  const existing = (): SanityDocument =>
    release ?? fail(404, 'documentNotFoundError', `Release "${releaseId}" not found`)
  const requireState = (allowed: ReleaseState[], doing: string) => {
    const state = existing().state as ReleaseState
    if (!allowed.includes(state)) {
      fail(
        409,
        'releaseStateError',
        `Release "${releaseId}" is ${state}: it can be ${doing} only when it is ${allowed.join(' or ')}`,
      )
    }
  }

  switch (action.actionType) {
    case 'sanity.action.release.create': {
      if (release) fail(409, 'documentAlreadyExistsError', `Release "${releaseId}" already exists`)
      const metadata = { releaseType: 'undecided', ...(action.metadata ?? {}) }
      return [{ create: { _id: id, _type: RELEASE_TYPE, name: releaseId, state: 'active', metadata } }]
    }
    case 'sanity.action.release.edit': {
      requireState(['active', 'scheduled'], 'edited')
      return [{ patch: { ...(action.patch ?? {}), id } }]
    }
    case 'sanity.action.release.schedule': {
      requireState(['active'], 'scheduled')
      const publishAt = utcTime(action.publishAt) ?? fail(400, 'invalidAction', 'publishAt must be a date and time')
      checkPublishable(releaseId, context, fail)
      return [{ patch: { id, set: { state: 'scheduled', publishAt }, unset: ['error'] } }]
    }
    case 'sanity.action.release.unschedule': {
      requireState(['scheduled'], 'unscheduled')
      return [{ patch: { id, set: { state: 'active' }, unset: ['publishAt'] } }]
    }
    case 'sanity.action.release.publish': {
      requireState(context.asScheduler ? ['scheduled'] : ['active'], 'published')
      return publishMutations(releaseId, context, fail)
    }
    case 'sanity.action.release.archive': {
      requireState(['active'], 'archived')
      const versions = versionsOf(releaseId, context)
      return [
        ...versions.map((version): LakeMutation => ({ delete: { id: version._id } })),
        { patch: { id, set: { state: 'archived', [ARCHIVED_VERSIONS]: versions } } },
      ]
    }
    case 'sanity.action.release.unarchive': {
      requireState(['archived'], 'unarchived')
      const versions = (existing()[ARCHIVED_VERSIONS] as SanityDocument[] | undefined) ?? []
      return [
        ...versions.map((version): LakeMutation => ({ createOrReplace: withoutSystemFields(version) })),
        { patch: { id, set: { state: 'active' }, unset: [ARCHIVED_VERSIONS] } },
      ]
    }
    case 'sanity.action.release.delete': {
      requireState(['published', 'archived'], 'deleted')
      return [{ delete: { id } }]
    }
    default:
      return fail(400, 'invalidAction', `Unknown action "${action.actionType}"`)
  }
}

/** A release's versions, as the transaction has left them. */
export function versionsOf(releaseId: string, context: Pick<ReleaseContext, 'current' | 'idsStartingWith'>) {
  return context.idsStartingWith(versionPrefix(releaseId)).flatMap((versionId) => context.current(versionId) ?? [])
}

type Fail = (status: number, type: string, description: string) => never

/** Sanity's limits on a release: documents and bytes. */
function checkPublishable(releaseId: string, context: ReleaseContext, fail: Fail): SanityDocument[] {
  const versions = versionsOf(releaseId, context)
  if (versions.length > MAX_RELEASE_DOCUMENTS) {
    fail(
      409,
      'releaseLimitExceededError',
      `Release "${releaseId}" holds ${versions.length} documents; a release can hold at most ${MAX_RELEASE_DOCUMENTS}`,
    )
  }
  const bytes = versions.reduce((sum, version) => sum + Buffer.byteLength(JSON.stringify(version)), 0)
  if (bytes > MAX_RELEASE_BYTES) {
    fail(409, 'releaseLimitExceededError', `Release "${releaseId}" holds ${bytes} bytes; at most 100 MB are allowed`)
  }
  return versions
}

/**
 * Publishing a release, as one transaction: each version replaces its published document (or, marked to
 * unpublish, removes it and leaves a draft), every version is removed, and the release is marked published.
 * The lake's transaction refuses the whole if a published document would still reference one it removes.
 */
function publishMutations(releaseId: string, context: ReleaseContext, fail: Fail): LakeMutation[] {
  const versions = checkPublishable(releaseId, context, fail)
  const mutations: LakeMutation[] = []
  for (const version of versions) {
    const publishedId = publishedIdOf(version._id)
    const published = context.current(publishedId)
    if (isUnpublishMarker(version)) {
      if (published) {
        mutations.push(
          { createIfNotExists: { ...withoutSystemFields(published), _id: `drafts.${publishedId}` } },
          { delete: { id: publishedId } },
        )
      }
    } else {
      const { _system, ...content } = withoutSystemFields(version)
      mutations.push({
        createOrReplace: {
          ...(strengthened(content) as SanityDocument),
          _id: publishedId,
          _createdAt: published?._createdAt ?? version._createdAt,
        },
      })
    }
    mutations.push({ delete: { id: version._id } })
  }
  mutations.push({
    patch: {
      id: releaseDocumentId(releaseId),
      set: {
        state: 'published',
        publishedAt: context.now,
        finalDocumentStates: versions.map((version) => ({ id: publishedIdOf(version._id) })),
      },
      unset: ['error'],
    },
  })
  return mutations
}

/**
 * References the Studio wrote weak until publish (`_strengthenOnPublish`) become strong, as Sanity makes
 * them: documents of one release may reference each other before any of them is published. A reference to
 * a document the release unpublishes becomes strong too, so the publish fails on it as Sanity's does
 * (sanity-io/sanity#9215).
 */
function strengthened(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strengthened)
  if (typeof value !== 'object' || value === null) return value
  const record = value as Record<string, unknown>
  const entries = Object.entries(record).map(([key, child]) => [key, strengthened(child)] as const)
  const result = Object.fromEntries(entries)
  if (typeof record._ref === 'string' && record._strengthenOnPublish !== undefined) {
    delete result._strengthenOnPublish
    delete result._weak
  }
  return result
}

/** A copy without the fields the lake sets on write. */
function withoutSystemFields(document: SanityDocument): SanityDocument {
  const { _rev, _updatedAt, ...rest } = document
  return rest
}

/** A time as UTC ISO 8601, or undefined when it is not one. */
export function utcTime(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString()
}
