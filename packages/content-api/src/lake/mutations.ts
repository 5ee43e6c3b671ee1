import { randomBytes } from 'node:crypto'
import { Mutation } from '@sanity/mutator'
import type { SanityDocument } from '../dataset'

/** One of Sanity's mutations, as `data/mutate` receives it. */
export type LakeMutation =
  | { create: { _id?: string; _type: string; [field: string]: unknown } }
  | { createIfNotExists: SanityDocument }
  | { createOrReplace: SanityDocument }
  | { delete: { id: string } }
  | { patch: PatchBody }

export interface PatchBody {
  id: string
  ifRevisionID?: string
  [operation: string]: unknown
}

/** A refused mutation, with the status and error shape of Sanity's API. */
export class MutationError extends Error {
  constructor(
    readonly status: number,
    readonly item: { type: string; id?: string; description: string; referencingIDs?: string[] },
    readonly index: number,
  ) {
    super(item.description)
  }
}

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** A random id in the alphabet Sanity uses for documents, revisions and transactions. */
export function randomId(length = 22): string {
  return [...randomBytes(length)].map((byte) => ID_CHARS[byte % ID_CHARS.length]).join('')
}

/** The document id a mutation targets; `_id`s ending in "." get a random suffix, as in Sanity. */
export function targetId(mutation: LakeMutation, index: number): string {
  return validDocumentId(unvalidatedTargetId(mutation, index), index)
}

function unvalidatedTargetId(mutation: LakeMutation, index: number): string {
  if ('create' in mutation) {
    const id = mutation.create._id
    if (!id) mutation.create._id = randomId()
    else if (id.endsWith('.')) mutation.create._id = `${id}${randomId()}`
    return mutation.create._id as string
  }
  if ('createIfNotExists' in mutation) return requireId(mutation.createIfNotExists._id, index)
  if ('createOrReplace' in mutation) return requireId(mutation.createOrReplace._id, index)
  if ('delete' in mutation) return requireId(mutation.delete?.id, index)
  if ('patch' in mutation) {
    if ('query' in mutation.patch) {
      throw new MutationError(
        400,
        { type: 'unsupportedMutation', description: 'Patch by query is not modelled' },
        index,
      )
    }
    refuseUnknownPatchOperations(mutation.patch, index)
    return requireId(mutation.patch.id, index)
  }
  throw new MutationError(400, { type: 'invalidMutation', description: `Unknown mutation ${keysOf(mutation)}` }, index)
}

function requireId(id: unknown, index: number): string {
  if (typeof id === 'string' && id.length > 0) return id
  throw new MutationError(400, { type: 'invalidMutation', description: 'The mutation has no document id' }, index)
}

function validDocumentId(id: string, index: number): string {
  const problem = documentIdProblem(id)
  if (!problem) return id
  throw new MutationError(
    400,
    { type: 'invalidDocumentId', id, description: `Document ID "${id}" is not valid: ${problem}` },
    index,
  )
}

/**
 * What makes an id invalid, by https://www.sanity.io/docs/ids: at most 128 characters of
 * a-zA-Z0-9._-, no segment starting with "-", no empty segment (".."), and "versions" only as the first
 * segment of an id of at least three segments.
 */
export function documentIdProblem(id: string): string | undefined {
  if (id.length > 128) return 'it is longer than 128 characters'
  if (!/^[a-zA-Z0-9._-]+$/.test(id)) return 'only the characters a-zA-Z0-9._- are allowed'
  const segments = id.split('.')
  if (segments.some((segment) => segment === '')) return 'it has an empty path segment'
  if (segments.some((segment) => segment.startsWith('-'))) return 'a path segment starts with "-"'
  if (segments.indexOf('versions') > 0) return '"versions" may only be the first path segment'
  if (segments[0] === 'versions' && segments.length < 3) return 'a version id needs a release and a document id'
  return undefined
}

/** The operations of a patch (https://www.sanity.io/docs/http-reference/mutation), beside its id and condition. */
const PATCH_OPERATIONS = new Set(['set', 'setIfMissing', 'unset', 'inc', 'dec', 'insert', 'diffMatchPatch'])
const PATCH_FIELDS = new Set(['id', 'ifRevisionID', ...PATCH_OPERATIONS])

function refuseUnknownPatchOperations(patch: PatchBody, index: number): void {
  const unknown = Object.keys(patch).filter((key) => !PATCH_FIELDS.has(key))
  if (unknown.length === 0) return
  throw new MutationError(
    400,
    { type: 'invalidPatch', id: patch.id, description: `Unknown patch operation "${unknown.join('", "')}"` },
    index,
  )
}

const keysOf = (value: unknown) => JSON.stringify(Object.keys(value ?? {}))

/**
 * Applies one mutation to the current version of its document, with Sanity's rules: `create` of an
 * existing document, a patch of a missing one and a stale `ifRevisionID` are refused.
 */
export function applyMutation(
  current: SanityDocument | null,
  mutation: LakeMutation,
  { id, index, timestamp }: { id: string; index: number; timestamp: string },
): SanityDocument | null {
  if ('create' in mutation && current) {
    throw new MutationError(
      409,
      { type: 'documentAlreadyExistsError', id, description: `Document by ID "${id}" already exists` },
      index,
    )
  }
  if ('patch' in mutation) {
    if (!current) {
      throw new MutationError(
        404,
        { type: 'documentNotFoundError', id, description: `Document "${id}" not found` },
        index,
      )
    }
    const expected = mutation.patch.ifRevisionID as string | undefined
    if (expected !== undefined && expected !== current._rev) {
      throw new MutationError(
        409,
        {
          type: 'documentRevisionIDDoesNotMatchError',
          id,
          description: `Document "${id}" has unexpected revision ID ("${current._rev}"), expected "${expected}"`,
        },
        index,
      )
    }
  }
  // Sanity leaves an existing document alone: no new revision, no event (operation "none").
  if ('createIfNotExists' in mutation && current) return current
  if ('createOrReplace' in mutation || 'createIfNotExists' in mutation || 'create' in mutation) {
    const body: { _type?: unknown } = Object.values(mutation)[0] ?? {}
    if (typeof body._type !== 'string' || !body._type) {
      throw new MutationError(400, { type: 'invalidMutation', id, description: `Document "${id}" has no _type` }, index)
    }
  }
  try {
    // The mutator assigns into the objects it is given: it works on copies. Without the transaction's time it
    // stamps a new document's _createdAt with its own clock, later than the _updatedAt the transaction sets.
    const result = new Mutation({ mutations: [structuredClone(mutation)], timestamp }).apply(
      current && structuredClone(current),
    )
    return result as SanityDocument | null
  } catch (error) {
    throw new MutationError(400, { type: 'invalidPatch', id, description: (error as Error).message }, index)
  }
}
