import { useToast } from '@sanity/ui'
import { redirectsForMove } from '@site/schemas/redirectRules'
import { type DocumentActionComponent, type SanityClient, type SanityDocument, useClient } from 'sanity'
import { studioEnv } from '../studioEnv'

/** The address a page or resource publishes at (the site's routes: apps/web/app/content/paths.server.ts). */
function addressOf(document: SanityDocument | null | undefined): string | undefined {
  if (!document) return undefined
  const { path, slug } = document as { path?: { current?: string }; slug?: { current?: string } }
  if (document._type === 'page') return path?.current
  if (document._type === 'resource' && slug?.current) return `/resources/${slug.current}`
  return undefined
}

const REDIRECTS_QUERY = `*[_type == "redirect" && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]{ _id, from, to, permanent }`

/**
 * Publish, and when the published address changes, keep the old one working: a permanent redirect from
 * it to the new address (the editor finds it under Redirects and can remove it), redirects that led to
 * the old address moved on to the new one, and any redirect from the new address removed.
 */
export function withRedirectOnMove(publish: DocumentActionComponent): DocumentActionComponent {
  const known = wrapped.get(publish)
  if (known) return known
  // biome-ignore lint/correctness/noComponentHookFactories: Sanity exports no publish action to import, so extending it means wrapping the one it passes in (its documented way); made once per original, the wrapper keeps its identity.
  const PublishWithRedirect: DocumentActionComponent = (props) => {
    const client = useClient({ apiVersion: studioEnv.apiVersion })
    const toast = useToast()
    const action = publish(props)
    if (!action) return action
    return {
      ...action,
      onHandle: () => {
        const oldAddress = addressOf(props.published)
        const newAddress = addressOf(props.draft)
        action.onHandle?.()
        if (!oldAddress || !newAddress || oldAddress === newAddress) return
        // Sanity's publish runs once the document is in sync, later than this press: the redirect waits for
        // the new address to be published, so a publish that never happens leaves the old address working.
        void publishedAt(client, props.id, newAddress)
          .then(() => client.fetch(REDIRECTS_QUERY))
          .then((existing) => {
            const { save, remove } = redirectsForMove(oldAddress, newAddress, existing)
            const transaction = client.transaction()
            for (const { _id, ...redirect } of save) {
              if (_id) transaction.patch(_id, (patch) => patch.set(redirect))
              else transaction.create({ _type: 'redirect', ...redirect })
            }
            for (const id of remove) transaction.delete(id)
            return transaction.commit({ tag: 'publish.redirect-on-move' })
          })
          .then(
            () => toast.push({ status: 'info', title: `Redirect added: ${oldAddress} → ${newAddress}` }),
            (error: unknown) =>
              toast.push({
                status: 'error',
                title: `The old address ${oldAddress} could not be redirected`,
                description: `Add a redirect by hand under Redirects. (${String(error)})`,
              }),
          )
      },
    }
  }
  PublishWithRedirect.action = publish.action
  wrapped.set(publish, PublishWithRedirect)
  return PublishWithRedirect
}

const PUBLISH_WAIT_MS = 60_000

/** Resolves once the published document has `address`; rejects when it has not within a minute. */
async function publishedAt(client: SanityClient, id: string, address: string): Promise<void> {
  const deadline = Date.now() + PUBLISH_WAIT_MS
  for (;;) {
    const published = await client.fetch<SanityDocument | null>('*[_id == $id][0]', { id })
    if (addressOf(published) === address) return
    if (Date.now() > deadline) throw new Error(`${address} was not published within a minute`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

const wrapped = new WeakMap<DocumentActionComponent, DocumentActionComponent>()
