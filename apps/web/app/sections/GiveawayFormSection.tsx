import { Suspense, useState } from 'react'
import styled from 'styled-components'
import { FormCard } from '../forms/shared/FormCard'
import { lazyDefault } from '../islands/lazyComponent'
import type { SectionProps } from './SectionProps'
import { formSectionHeader, SectionShell } from './SectionShell'
import { useGiveawayEnded } from './useGiveawayEnded'

// The form and its libraries load only on pages that show it; the prerendered HTML still contains it.
const GiveawayForm = lazyDefault(() => import('../forms/giveaway/GiveawayForm'))

/**
 * The conference giveaway's entry form, replaced by its confirmation once entered; once the end date in Site
 * settings has passed, only the ended message (no form). In a direct build this is the only check there is.
 */
export function GiveawayFormSection({ section, settings, isPageHeading }: SectionProps<'giveawayFormSection'>) {
  const endDatePassed = useGiveawayEnded(settings)
  const [refusedAsLate, setRefusedAsLate] = useState(false)
  if (endDatePassed || refusedAsLate) {
    const header = formSectionHeader({
      anchor: section.anchor,
      heading: section.endedHeading,
      text: section.endedText,
    })
    return <SectionShell header={header} isPageHeading={isPageHeading} tone="dark" narrow />
  }
  return (
    <SectionShell header={formSectionHeader(section)} isPageHeading={isPageHeading} tone="dark" narrow>
      <Card>
        <Suspense fallback={null}>
          <GiveawayForm copy={section} onEnded={() => setRefusedAsLate(true)} />
        </Suspense>
      </Card>
    </SectionShell>
  )
}

const Card = styled(FormCard)`
  max-width: 40rem;
  margin-inline: auto;
  border-top: 4px solid ${({ theme }) => theme.color.accent};
`
