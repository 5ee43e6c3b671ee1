import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { publisherDir, readPublishState } from '@site/web/publish'

import type { ContentQuery } from '../contentQuery.ts'

export { type ContentQuery, contentQueryFromEnv } from '../contentQuery.ts'

/**
 * What changed since the cursor, in one query that works on Sanity and on the embedded dataset alike:
 * the query's own clock (the next cursor), the published documents updated since, and every published id
 * (a document the build shows that is no longer among them was deleted or unpublished).
 */
export const CATCH_UP_QUERY = `{
  "now": now(),
  "changed": *[_updatedAt > $since && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]{_id, _rev},
  "ids": *[!(_id in path("drafts.**")) && !(_id in path("versions.**"))]._id
}`

interface CatchUpAnswer {
  now: string
  changed: { _id: string; _rev: string }[]
  ids: string[]
}

export interface CatchUpResult {
  since: string
  until: string
  documentIds: string[]
}

/** The cursor: the content source's time of the last catch-up whose publish went through, beside state.json. */
export const catchUpCursorFile = (buildDir: string) => join(publisherDir(buildDir), 'catch-up.json')

/**
 * Publishes what changed in the content since the last catch-up, whether or not a webhook said so: the
 * documents updated since the cursor (but not at a revision a webhook already published) and the documents
 * the built site shows that are gone. The cursor
 * moves only once that publish went through, so a failed or interrupted catch-up is done again. Without a
 * cursor (the first run after a full build) it starts from the time the build's state was last written.
 */
export async function catchUp({
  query,
  buildDir,
  publish,
  publishedRevision = () => undefined,
}: {
  query: ContentQuery
  buildDir: string
  /** The revision of a document a webhook's publish already put live: the catch-up leaves that one alone. */
  publishedRevision?: (documentId: string) => string | undefined
  /** Publishes the documents; resolves once they are live, rejects if the publish failed. */
  publish: (documentIds: string[]) => Promise<void>
}): Promise<CatchUpResult> {
  const state = readPublishState(buildDir)
  const since = readCursor(buildDir) ?? statSync(join(publisherDir(buildDir), 'state.json')).mtime.toISOString()
  const answer = await query<CatchUpAnswer>(CATCH_UP_QUERY, { since })
  const published = new Set(answer.ids)
  const shown = new Set(Object.values(state.routes).flatMap((route) => [route.document, ...route.shows]))
  const gone = [...shown].filter((id) => !published.has(id))
  const changed = answer.changed.filter(({ _id, _rev }) => publishedRevision(_id) !== _rev).map(({ _id }) => _id)
  const documentIds = [...new Set([...changed, ...gone])].sort()
  if (documentIds.length > 0) await publish(documentIds)
  writeCursor(buildDir, answer.now)
  return { since, until: answer.now, documentIds }
}

function readCursor(buildDir: string): string | undefined {
  const file = catchUpCursorFile(buildDir)
  if (!existsSync(file)) return undefined
  const { since } = JSON.parse(readFileSync(file, 'utf8')) as { since?: unknown }
  return typeof since === 'string' ? since : undefined
}

function writeCursor(buildDir: string, since: string): void {
  const file = catchUpCursorFile(buildDir)
  writeFileSync(`${file}.tmp`, JSON.stringify({ since }))
  renameSync(`${file}.tmp`, file)
}
