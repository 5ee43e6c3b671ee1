import { Button, Stack, Text, useToast } from '@sanity/ui'
import { type SectionLike, sectionsForVariant, type VariantLike } from '@site/schemas/experiments'
import { useState } from 'react'
import { type DocumentActionComponent, useClient } from 'sanity'
import { studioEnv } from '../studioEnv'

interface ExperimentDocument {
  _id: string
  title?: string
  status?: string
  sectionKey?: string
  page?: { _ref?: string }
  variants?: (VariantLike & { _key: string })[]
}

/**
 * Promote: the chosen variant's content becomes the page's (its section as the variant showed it), and the
 * experiment ends as "promoted", in one transaction on the published documents: the ordinary publish path
 * (the publish webhook rebuilds the page), and on the page's draft when it has one. The experiment and its
 * figures stay readable.
 */
export const PromoteVariantAction: DocumentActionComponent = (props) => {
  const client = useClient({ apiVersion: studioEnv.apiVersion })
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const experiment = (props.published ?? props.draft) as ExperimentDocument | null
  const candidates = (experiment?.variants ?? []).filter((variant) => !variant.control)
  if (props.type !== 'experiment' || !experiment) return null
  const promotable = experiment.status === 'running' || experiment.status === 'stopped'

  const promote = async (variant: VariantLike & { _key: string }) => {
    const pageId = experiment.page?._ref
    if (!pageId || !experiment.sectionKey) return
    setBusy(true)
    try {
      const [page, draft] = await client.getDocuments<{ _id: string; sections?: SectionLike[] }>([
        pageId,
        `drafts.${pageId}`,
      ])
      if (!page) throw new Error('the page is not published')
      const transaction = client.transaction()
      // A draft of the page gets the variant too: published later, it would otherwise bring the old section back.
      for (const version of draft ? [page, draft] : [page]) {
        const sections = sectionsForVariant(version.sections ?? [], experiment.sectionKey, variant)
        transaction.patch(version._id, (patch) => patch.set({ sections }))
      }
      const ended = { status: 'promoted', promotedVariant: variant.key }
      transaction.patch(props.id, (patch) => patch.set(ended))
      if (props.draft) transaction.patch(`drafts.${props.id}`, (patch) => patch.set(ended))
      await transaction.commit({ tag: 'experiment.promote' })
      toast.push({ status: 'success', title: `${variant.label ?? variant.key} is now the page's content` })
      setOpen(false)
      props.onComplete()
    } catch (error) {
      toast.push({ status: 'error', title: 'The variant could not be promoted', description: String(error) })
    } finally {
      setBusy(false)
    }
  }

  return {
    label: 'Promote a variant',
    tone: 'positive',
    disabled: !promotable || !props.published || candidates.length === 0,
    title: promotable ? undefined : 'Only a running or stopped experiment can be promoted',
    onHandle: () => setOpen(true),
    dialog: open && {
      type: 'dialog',
      header: 'Promote a variant',
      onClose: () => setOpen(false),
      content: (
        <Stack space={3}>
          <Text size={1}>
            The variant's content replaces the section on the page and the experiment ends. Its figures stay in
            Insights.
          </Text>
          {candidates.map((variant) => (
            <Button
              key={variant._key}
              text={`Promote ${variant.label ?? variant.key}`}
              tone="positive"
              disabled={busy}
              onClick={() => void promote(variant)}
            />
          ))}
        </Stack>
      ),
    },
  }
}
