import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { assetsDirFor, parseNdjson, type SanityDocument } from '../dataset'

/**
 * Where the lake keeps its documents: published ones in the seed file the site reads, drafts, release
 * versions and releases (`_.releases.*`) in a file beside it (`seed.ndjson` → `seed.drafts.ndjson`) that the site's build
 * never reads. Uploaded files go in a folder beside them (`assets/`), each at its asset document's `path`.
 */
export interface LakeFiles {
  published: string
  drafts: string
  assets: string
  /** Transformed images (the CDN's variants), git-ignored: `.lake/image-cache` beside the seed file. */
  imageCache: string
}

export const lakeFilesFor = (seedFile: string): LakeFiles => ({
  published: seedFile,
  drafts: seedFile.replace(/(\.ndjson)?$/, '.drafts.ndjson'),
  assets: assetsDirFor(seedFile),
  imageCache: join(dirname(seedFile), '.lake', 'image-cache'),
})

/** A published document: not a draft, not a release version, not a system document such as a release. */
export const isPublishedId = (id: string) =>
  !id.startsWith('drafts.') && !id.startsWith('versions.') && !id.startsWith('_.')

/** Readable without a token in a public dataset: ids in the root path only (https://www.sanity.io/docs/ids). */
export const isPublicId = (id: string) => !id.includes('.')

/** Changes whenever either dataset file is replaced: their inode, size and modification time. */
export function lakeFilesVersion(files: LakeFiles): string {
  return [files.published, files.drafts]
    .map((file) => {
      if (!existsSync(file)) return '-'
      const { ino, size, mtimeMs } = statSync(file)
      return `${ino}:${size}:${mtimeMs}`
    })
    .join('|')
}

export function readLakeFiles(files: LakeFiles): SanityDocument[] {
  const published = parseNdjson(readFileSync(files.published, 'utf8'), files.published)
  const drafts = existsSync(files.drafts) ? parseNdjson(readFileSync(files.drafts, 'utf8'), files.drafts) : []
  return [...published, ...drafts]
}

/**
 * Writes both files, each replaced atomically: a crash leaves the old or the new file, never half of one.
 * Both new files are written and synced before either replaces its old one, so a failed write changes nothing.
 */
export function writeLakeFiles(
  files: LakeFiles,
  documents: Iterable<SanityDocument>,
  unchangedLine: (document: SanityDocument) => string | undefined = () => undefined,
): void {
  const published: string[] = []
  const drafts: string[] = []
  for (const document of documents) {
    ;(isPublishedId(document._id) ? published : drafts).push(unchangedLine(document) ?? JSON.stringify(document))
  }
  const prepared: string[] = []
  try {
    prepared.push(
      // The published file is replaced first: a crash between the two renames leaves a published release's
      // content published and its versions still there (published again at restart), never the reverse.
      ...[prepareFile(files.published, toNdjson(published)), prepareFile(files.drafts, toNdjson(drafts))].flat(),
    )
  } catch (error) {
    for (const temporary of prepared) rmSync(temporary, { force: true })
    throw error
  }
  for (const temporary of prepared) commitFile(temporary)
}

/** Writes a file atomically (whole or not at all), creating its folder. */
export function writeFileAtomically(file: string, data: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}${TEMPORARY_SUFFIX}`
  try {
    writeSynced(temporary, data)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
  commitFile(temporary)
}

const toNdjson = (lines: string[]) => (lines.length ? `${lines.join('\n')}\n` : '')
const TEMPORARY_SUFFIX = `.${process.pid}.tmp`

function writeSynced(file: string, data: string | Uint8Array): void {
  const handle = openSync(file, 'w')
  try {
    writeFileSync(handle, data)
    fsyncSync(handle)
  } finally {
    closeSync(handle)
  }
}

/** Writes and syncs the new content beside the file; nothing to do (no temporary file) when it is unchanged. */
function prepareFile(file: string, text: string): string[] {
  if (existsSync(file) && statSync(file).isFile() && readFileSync(file, 'utf8') === text) return []
  const temporary = `${file}${TEMPORARY_SUFFIX}`
  writeSynced(temporary, text)
  if (existsSync(file) && !statSync(file).isFile()) {
    rmSync(temporary, { force: true })
    throw new Error(`${file} is not a file`)
  }
  return [temporary]
}

function commitFile(temporary: string): void {
  const file = temporary.slice(0, -TEMPORARY_SUFFIX.length)
  renameSync(temporary, file)
  // The rename itself is durable only once the directory is synced.
  const directory = openSync(dirname(file), 'r')
  try {
    fsyncSync(directory)
  } finally {
    closeSync(directory)
  }
}
