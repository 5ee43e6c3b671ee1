import { createHash } from 'node:crypto'
import type { SanityDocument } from '../dataset'
import { applyMutation, type LakeMutation, MutationError, randomId, targetId } from './mutations'
import { isPublicId, type LakeFiles, lakeFilesVersion, readLakeFiles, writeLakeFiles } from './persistence'
import { referencesToDeleted } from './references'

/** What one transaction did to one document: the unit of the listen stream and of history. */
export interface DocumentChange {
  documentId: string
  transactionId: string
  transition: 'appear' | 'update' | 'disappear'
  identity: string
  mutations: LakeMutation[]
  previousRev: string | undefined
  resultRev: string
  timestamp: string
  before: SanityDocument | null
  after: SanityDocument | null
  transactionTotalEvents: number
  transactionCurrentEvent: number
}

export interface TransactionResult {
  transactionId: string
  results: { id: string; operation: 'create' | 'update' | 'delete' | 'none' }[]
  documents: SanityDocument[]
  changes: DocumentChange[]
}

export type ChangeListener = (change: DocumentChange) => void

/** Hears every committed transaction once, with all the documents it changed. */
export type TransactionListener = (changes: DocumentChange[]) => void

export interface TransactOptions {
  transactionId?: string
  identity?: string
  /** Checks and computes the transaction, but stores and announces nothing. */
  dryRun?: boolean
}

/** The local editor every request acts as: the lake has no accounts. */
export const LOCAL_EDITOR_ID = 'local-editor'

/**
 * An in-process Content Lake: documents by id, transactions applied all or nothing, every change
 * written to the dataset files and announced to listeners, and each document's history kept.
 */
export class ContentLake {
  private readonly byId = new Map<string, SanityDocument>()
  private readonly transactionListeners = new Set<TransactionListener>()
  private readonly history = new Map<string, DocumentChange[]>()
  /** Transactions this dataset has seen: the revisions of its documents and every transaction since. */
  private readonly usedTransactionIds = new Set<string>()
  private snapshot: SanityDocument[] | undefined
  private publicSnapshot: SanityDocument[] | undefined
  /** Seed documents as the file holds them, for as long as they are unchanged. */
  private readonly unchangedLines = new WeakMap<SanityDocument, string>()

  /** The dataset files as this lake last read or wrote them: another process's write shows as a change. */
  private filesSeen = ''

  constructor(readonly files: LakeFiles) {
    this.load()
  }

  private load(): void {
    this.byId.clear()
    this.filesSeen = lakeFilesVersion(this.files)
    for (const document of readLakeFiles(this.files)) {
      if (typeof document._rev === 'string') {
        this.byId.set(document._id, document)
        this.usedTransactionIds.add(document._rev)
        continue
      }
      // Every document in Sanity has a revision, and the Studio chains listener events on it; a hand-written
      // seed document gets one from its content, kept out of the file until the document changes.
      const revised = { ...document, _rev: contentRevision(document) }
      this.unchangedLines.set(revised, JSON.stringify(document))
      this.byId.set(document._id, revised)
    }
  }

  /**
   * Reads the dataset files again when another process has written them since (the release scheduler does,
   * before it publishes, so a release published by another process is not published twice). True if it did.
   */
  reloadIfChangedOnDisk(): boolean {
    if (lakeFilesVersion(this.files) === this.filesSeen) return false
    this.load()
    this.snapshot = undefined
    this.publicSnapshot = undefined
    return true
  }

  /** All documents; a new array after every change, so query indexes keyed by the array stay right. */
  documents(): SanityDocument[] {
    this.snapshot ??= [...this.byId.values()]
    return this.snapshot
  }

  /** The documents an anonymous reader sees, a new array after every change as {@link documents} is. */
  publicDocuments(): SanityDocument[] {
    this.publicSnapshot ??= this.documents().filter((document) => isPublicId(document._id))
    return this.publicSnapshot
  }

  get(id: string): SanityDocument | undefined {
    return this.byId.get(id)
  }

  historyOf(id: string): DocumentChange[] {
    return this.history.get(id) ?? []
  }

  /** Hears each committed change to a document, one call per document. */
  subscribe(listener: ChangeListener): () => void {
    return this.subscribeToTransactions((changes) => {
      for (const change of changes) listener(change)
    })
  }

  /** Hears each committed transaction once, with every change it made: for listeners that count them. */
  subscribeToTransactions(listener: TransactionListener): () => void {
    this.transactionListeners.add(listener)
    return () => this.transactionListeners.delete(listener)
  }

  /** Applies the mutations as one transaction: all of them, written to disk, or none (the error says which). */
  transact(mutations: LakeMutation[], options: TransactOptions = {}): TransactionResult {
    if (!Array.isArray(mutations) || mutations.length === 0) {
      throw new MutationError(400, { type: 'invalidMutation', description: 'No mutations given' }, 0)
    }
    const transactionId = options.transactionId || randomId()
    if (options.transactionId !== undefined) this.refuseUsedTransactionId(options.transactionId)
    const timestamp = new Date().toISOString()
    const working = new Map<string, SanityDocument | null>()
    const touched: { id: string; mutations: LakeMutation[] }[] = []
    const results: TransactionResult['results'] = []

    mutations.forEach((mutation, index) => {
      if (typeof mutation !== 'object' || mutation === null) {
        throw new MutationError(400, { type: 'invalidMutation', description: 'A mutation must be an object' }, index)
      }
      const id = targetId(mutation, index)
      const current = working.has(id) ? (working.get(id) ?? null) : (this.byId.get(id) ?? null)
      const next = applyMutation(current, mutation, { id, index, timestamp })
      working.set(id, next)
      let entry = touched.find((candidate) => candidate.id === id)
      if (!entry) {
        entry = { id, mutations: [] }
        touched.push(entry)
      }
      entry.mutations.push(mutation)
      results.push({ id, operation: operationOf(current, next) })
    })

    this.refuseDeletingReferenced(working, mutations)

    const changes: DocumentChange[] = []
    for (const { id, mutations: documentMutations } of touched) {
      const before = this.byId.get(id) ?? null
      let after = working.get(id) ?? null
      // Nothing changed (a createIfNotExists of an existing document): no revision, no event.
      if (before === after || (!before && !after)) continue
      if (after) {
        after = {
          ...after,
          _id: id,
          _rev: transactionId,
          // A createOrReplace that changes the type is a delete and a create: the document is new.
          _createdAt:
            (before && before._type === after._type ? before._createdAt : undefined) ??
            (after._createdAt as string | undefined) ??
            timestamp,
          _updatedAt: timestamp,
        }
      }
      changes.push({
        documentId: id,
        transactionId,
        transition: !before ? 'appear' : !after ? 'disappear' : 'update',
        identity: options.identity ?? LOCAL_EDITOR_ID,
        mutations: documentMutations,
        previousRev: before?._rev as string | undefined,
        resultRev: transactionId,
        timestamp,
        before,
        after,
        transactionTotalEvents: 0,
        transactionCurrentEvent: 0,
      })
    }
    changes.forEach((change, index) => {
      change.transactionTotalEvents = changes.length
      change.transactionCurrentEvent = index + 1
    })

    if (!options.dryRun) this.commit(changes)
    return {
      transactionId,
      results,
      documents: changes.flatMap((change) => (change.after ? [change.after] : [])),
      changes,
    }
  }

  private commit(changes: DocumentChange[]): void {
    if (changes.length === 0) return
    const previous = new Map(this.byId)
    for (const change of changes) {
      if (change.after) this.byId.set(change.documentId, change.after)
      else this.byId.delete(change.documentId)
    }
    try {
      writeLakeFiles(this.files, this.byId.values(), (document) => this.unchangedLines.get(document))
    } catch (error) {
      this.byId.clear()
      for (const [id, document] of previous) this.byId.set(id, document)
      throw error
    }
    this.filesSeen = lakeFilesVersion(this.files)
    this.snapshot = undefined
    this.publicSnapshot = undefined
    for (const change of changes) {
      this.usedTransactionIds.add(change.transactionId)
      const list = this.history.get(change.documentId) ?? []
      list.push(change)
      this.history.set(change.documentId, list)
    }
    for (const listener of this.transactionListeners) listener(changes)
  }

  /**
   * Sanity keeps references whole: a document that another one still references strongly cannot be deleted
   * (the error names the referencing documents, and the deleting mutation's index).
   */
  private refuseDeletingReferenced(working: Map<string, SanityDocument | null>, mutations: LakeMutation[]): void {
    const deleted = [...working].flatMap(([id, document]) => (document === null && this.byId.has(id) ? [id] : []))
    if (deleted.length === 0) return
    const remaining = [...this.byId.values()]
      .filter((document) => !working.has(document._id))
      .concat([...working.values()].filter((document): document is SanityDocument => document !== null))
    const [blocked] = referencesToDeleted(deleted, remaining)
    if (!blocked) return
    const [id, referencingIDs] = blocked
    const index = mutations.findLastIndex((mutation) => 'delete' in mutation && mutation.delete?.id === id)
    throw new MutationError(
      409,
      {
        type: 'documentHasExistingReferencesError',
        id,
        referencingIDs,
        description: `Document "${id}" cannot be deleted as there are references to it from "${referencingIDs[0]}"`,
      },
      Math.max(index, 0),
    )
  }

  /** "It must be unique in the dataset" (https://www.sanity.io/docs/http-reference/mutation). */
  private refuseUsedTransactionId(transactionId: string): void {
    if (!this.usedTransactionIds.has(transactionId)) return
    throw new MutationError(
      409,
      {
        type: 'transactionIdAlreadyExists',
        description: `Transaction ID "${transactionId}" has already been used in this dataset`,
      },
      0,
    )
  }
}

function operationOf(
  before: SanityDocument | null,
  after: SanityDocument | null,
): TransactionResult['results'][0]['operation'] {
  if (!before && after) return 'create'
  if (before && !after) return 'delete'
  return before === after ? 'none' : 'update'
}

const contentRevision = (document: SanityDocument) =>
  createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 22)
