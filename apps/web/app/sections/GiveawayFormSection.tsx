import { Suspense } from 'react'
import styled from 'styled-components'
import { FormCard } from '../forms/shared/FormCard'
import { lazyDefault } from '../islands/lazyComponent'
import type { SectionProps } from './SectionProps'
import { formSectionHeader, SectionShell } from './SectionShell'

// The form and its libraries load only on pages that show it; the prerendered HTML still contains it.
const GiveawayForm = lazyDefault(() => import('../forms/giveaway/GiveawayForm'))

/** The conference giveaway's entry form, replaced by its confirmation once entered. */
export function GiveawayFormSection({ section, isPageHeading }: SectionProps<'giveawayFormSection'>) {
  return (
    <SectionShell header={formSectionHeader(section)} isPageHeading={isPageHeading} tone="dark" narrow>
      <Card>
        <Suspense fallback={null}>
          <GiveawayForm copy={section} />
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
