import { cpSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { RELEASE_ID_PATTERN, releaseDocumentId, versionPrefix } from '@site/content-api'
import { getContentClient } from '../app/content/client.server'
import { publishOrRebuild, webDir } from './publishOrRebuild.ts'
import type { PublishOutcome } from './publishReport.ts'
import { previousDir, stagingDir } from './publishState.ts'

/** A content release's pages, published onto a copy of the built site for review. */
interface StagedRelease {
  release: string
  title: string | null
  /** The documents the release changes, creates or unpublishes (their published ids). */
  documents: string[]
  /** The copy of the site, as it will be once the release is published. */
  outDir: string
  outcome: PublishOutcome
}

export class ReleaseNotStageable extends Error {}

/**
 * `pnpm publish:changed --release <id>`: copies the built site (SITE_BUILD_DIR, SITE_OUT_DIR) to
 * `<dir>-release-<id>` and publishes the release's documents there as the publisher would once it is published,
 * read through the release's perspective (CONTENT_RELEASE). The live site is never written to. Call it before
 * anything in the process has made the content client.
 */
export async function stageRelease(releaseId: string): Promise<StagedRelease> {
  if (!RELEASE_ID_PATTERN.test(releaseId)) throw new ReleaseNotStageable(`"${releaseId}" is not a content release id`)
  const live = {
    build: resolve(webDir, process.env.SITE_BUILD_DIR || 'build'),
    out: resolve(webDir, process.env.SITE_OUT_DIR || 'dist'),
  }
  const staged = { build: `${live.build}-release-${releaseId}`, out: `${live.out}-release-${releaseId}` }
  // Before the content client is first made: it reads the release, and only into the staging copy.
  Object.assign(process.env, { CONTENT_RELEASE: releaseId, SITE_BUILD_DIR: staged.build, SITE_OUT_DIR: staged.out })
  const client = await getContentClient()
  const release = await client.fetch<{ state?: string; title?: string } | null>(
    '*[_id == $id][0]{state, "title": metadata.title}',
    { id: releaseDocumentId(releaseId) },
    { perspective: 'raw' },
  )
  if (!release) throw new ReleaseNotStageable(`There is no content release ${releaseId}`)
  if (release.state !== 'active' && release.state !== 'scheduled')
    throw new ReleaseNotStageable(
      `The content release ${releaseId} is ${release.state}: only an active or scheduled release can be staged`,
    )
  const prefix = versionPrefix(releaseId)
  const versions = await client.fetch<string[]>(
    '*[string::startsWith(_id, $prefix)]._id',
    { prefix },
    { perspective: 'raw' },
  )
  const documents = versions.map((id) => id.slice(prefix.length)).sort()
  if (documents.length === 0) throw new ReleaseNotStageable(`The content release ${releaseId} has no documents`)

  for (const dir of [staged.build, staged.out, stagingDir(staged.out), previousDir(staged.out)])
    rmSync(dir, { recursive: true, force: true })
  // Copies, not links: the publisher writes its state into the build folder in place.
  cpSync(live.build, staged.build, { recursive: true })
  cpSync(live.out, staged.out, { recursive: true })
  const outcome = await publishOrRebuild(documents)
  return { release: releaseId, title: release.title ?? null, documents, outDir: staged.out, outcome }
}
