/** What a publish did: kept apart from the publisher's code, for the processes that start it. */
export type PublishResult =
  | {
      kind: 'published'
      documents: string[]
      rendered: string[]
      removed: string[]
      sitemapChanged: boolean
      /** From reading the change to the new site in place. */
      durationMs: number
      /** How the new site was assembled: from the site the last publish replaced, or linked anew. */
      staged: 'spare' | 'copy'
    }
  /** A change that touches every page in a way the publisher does not redo page by page. */
  | { kind: 'full-build-needed'; reason: string }

/** A publish, or the full build it fell back to. */
export type PublishOutcome = Extract<PublishResult, { kind: 'published' }> | { kind: 'rebuilt'; reason: string }

/** What the publisher that stays loaded (publish/worker.ts) is sent, and answers. */
export type PublishRequest = { documentIds: string[] }
export type PublishReply = { outcome: PublishOutcome } | { error: string }
