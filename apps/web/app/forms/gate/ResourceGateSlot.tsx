import { Lock, ShieldCheck } from 'lucide-react'
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import type { ResourceContent } from '../../content/types'
import { lazyDefault } from '../../islands/lazyComponent'
import { FormCard } from '../shared/FormCard'
import { isGuideUnlocked, rememberGuideUnlocked } from './unlockMemory'

// The form, its libraries and the notifications load only on a gated guide's page.
const GateForm = lazyDefault(() => import('./GateForm'))
const SiteToaster = lazyDefault(() => import('../shared/SiteToaster'))

interface ResourceGateSlotProps {
  gate: ResourceContent['gate']
  /** The guide's title: sent with the lead, and the key under which the unlock is remembered. */
  resourceTitle: string | null | undefined
  /** The full guide, rendered only once unlocked (so the prerendered HTML does not contain it). */
  children: ReactNode
}

/**
 * A gated guide: the lead form while locked, the full guide once the visitor has left their details.
 * The unlock is remembered in this browser, and read after hydration (the prerendered page is locked).
 */
export function ResourceGateSlot({ gate, resourceTitle: title, children }: ResourceGateSlotProps) {
  const resourceTitle = title ?? ''
  const [unlocked, setUnlocked] = useState(false)
  const [justUnlocked, setJustUnlocked] = useState(false)
  const guideRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (isGuideUnlocked(resourceTitle)) setUnlocked(true)
  }, [resourceTitle])

  // The form that had focus is gone: take the visitor to the start of the guide they unlocked.
  useEffect(() => {
    if (justUnlocked) guideRef.current?.focus()
  }, [justUnlocked])

  const unlock = () => {
    rememberGuideUnlocked(resourceTitle)
    setUnlocked(true)
    setJustUnlocked(true)
  }

  return (
    <>
      {unlocked ? (
        <div ref={guideRef} tabIndex={-1}>
          {children}
        </div>
      ) : (
        <GateCard>
          <Badge aria-hidden="true">
            <Lock focusable="false" size={22} />
          </Badge>
          {gate?.heading && <h2>{gate.heading}</h2>}
          {gate?.text && <Text>{gate.text}</Text>}
          <Suspense fallback={null}>
            <GateForm gate={gate} resourceTitle={resourceTitle} onUnlocked={unlock} />
          </Suspense>
          {gate?.privacyNote && (
            <Privacy>
              <ShieldCheck aria-hidden="true" focusable="false" size={16} />
              {gate.privacyNote}
            </Privacy>
          )}
        </GateCard>
      )}
      <Suspense fallback={null}>
        <SiteToaster />
      </Suspense>
    </>
  )
}

const GateCard = styled(FormCard)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 36rem;
  margin: clamp(2.5rem, 2rem + 2vw, 4rem) auto;
  border-top: 4px solid ${({ theme }) => theme.color.brand};
  h2 { font-size: ${({ theme }) => theme.fontSize.h3}; text-align: center; }
`

const Badge = styled.span`
  display: grid;
  place-items: center;
  justify-self: center;
  width: 3rem;
  height: 3rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brand};
`

const Text = styled.p`
  margin-bottom: ${({ theme }) => theme.space.sm};
  text-align: center;
  color: ${({ theme }) => theme.color.muted};
`

const Privacy = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.375rem;
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
  svg { flex: none; color: ${({ theme }) => theme.color.accent}; }
`
