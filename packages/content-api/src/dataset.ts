import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'

export type SanityDocument = { _id: string; _type: string; [field: string]: unknown }

/** The repository's seed dataset, unless CONTENT_SEED_FILE names another NDJSON file. */
export function seedFilePath(env: Record<string, string | undefined> = process.env): string {
  return env.CONTENT_SEED_FILE || join(findRepoRoot(), 'content', 'seed.ndjson')
}

/** Uploaded files of a dataset (`content/assets` for `content/seed.ndjson`), each at its asset's `path`. */
export function assetsDirFor(seedFile: string): string {
  return join(dirname(seedFile), 'assets')
}

// Found from the working directory: the dev server, the build and the tests each start in another folder.
export function findRepoRoot(from = process.cwd()): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir
    if (dirname(dir) === dir) throw new Error(`No pnpm-workspace.yaml above ${from}: set CONTENT_SEED_FILE`)
  }
}

export function parseNdjson(text: string, source = 'dataset'): SanityDocument[] {
  return parseLines(text, source, new Map()).documents
}

/**
 * Parses NDJSON, taking the document of a line seen in the last version (`previous`, by the line's hash)
 * instead of parsing it again: a changed dataset of 10,000 documents usually differs in one line. Hashes,
 * not the lines, are kept: keeping the text held 36 MB more per reader at 10,000 documents. Documents are
 * shared between versions, so no reader may change one.
 */
function parseLines(text: string, source: string, previous: Map<string, SanityDocument>) {
  const documents: SanityDocument[] = []
  const byHash = new Map<string, SanityDocument>()
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return
    const hash = createHash('sha1').update(line).digest('base64')
    const known = previous.get(hash)
    if (known) {
      documents.push(known)
      byHash.set(hash, known)
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (error) {
      throw new Error(`${source}:${index + 1}: not valid JSON (${(error as Error).message})`)
    }
    if (!isDocument(parsed)) throw new Error(`${source}:${index + 1}: a document needs a string _id and _type`)
    documents.push(parsed)
    byHash.set(hash, parsed)
  })
  return { documents, byHash }
}

function isDocument(value: unknown): value is SanityDocument {
  if (typeof value !== 'object' || value === null) return false
  const { _id, _type } = value as Record<string, unknown>
  return typeof _id === 'string' && typeof _type === 'string'
}

/** Reads an NDJSON file, re-reading it only when it changed, so an edited seed shows on the next request. */
export function createFileDataset(file: string): () => SanityDocument[] {
  let cached: { version: string; documents: SanityDocument[]; byHash: Map<string, SanityDocument> } | undefined
  return () => {
    // The inode too: the lake replaces the file by renaming a new one over it.
    const { ino, mtimeMs, size } = statSync(file)
    const version = `${ino}:${mtimeMs}:${size}`
    if (cached?.version !== version)
      cached = { version, ...parseLines(readFileSync(file, 'utf8'), file, cached?.byHash ?? new Map()) }
    return cached.documents
  }
}
