import { useEffect } from 'react'
import styled from 'styled-components'
import { DEFERRED_FRAME_WITHOUT_SCRIPTS, deferredSrc } from '../islands/deferredFrames'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** Only an https document may be embedded: anything else is shown as nothing. */
export function isEmbeddableUrl(url: string | null | undefined): url is string {
  if (!url) return false
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}

/** A legal page: its heading and intro above the external policy document, embedded. */
export function LegalDocumentSection({ section, isPageHeading }: SectionProps<'legalDocumentSection'>) {
  const { heading, intro, document, anchor } = section
  const url = document?.documentUrl
  const embeddable = isEmbeddableUrl(url)
  useEffect(() => {
    if (!embeddable) console.warn(`Legal document not embedded: "${url ?? ''}" is not an https URL`)
  }, [embeddable, url])
  return (
    <SectionShell
      header={{ anchor, heading, intro: embeddable ? intro : undefined }}
      isPageHeading={isPageHeading}
      align="left"
    >
      {embeddable && (
        <>
          <Frame {...deferredSrc(url)} {...frameProps(document?.title ?? heading)} />
          {/* Without JavaScript the frame above never gets its address: this one has it from the start. */}
          <noscript>
            <Frame src={url} {...frameProps(document?.title ?? heading)} />
          </noscript>
        </>
      )}
    </SectionShell>
  )
}

const frameProps = (title: string | null | undefined) =>
  ({
    title: title ?? undefined,
    sandbox: 'allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    loading: 'lazy',
    referrerPolicy: 'no-referrer',
  }) as const

const Frame = styled.iframe`
  display: block;
  ${DEFERRED_FRAME_WITHOUT_SCRIPTS}
  width: 100%;
  height: 80vh;
  min-height: 600px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.md};
`
