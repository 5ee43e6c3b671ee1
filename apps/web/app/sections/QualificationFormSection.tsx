import { Suspense } from 'react'
import { lazyDefault } from '../islands/lazyComponent'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { formSectionHeader, SectionShell } from './SectionShell'

// The questionnaire and its form libraries load in their own chunk, only on the page that has it.
const QualificationForm = lazyDefault(() => import('../forms/qualification/QualificationForm'))

/** The lead-qualification questionnaire (/qualify): the CMS heading and text above the one-question-per-screen form. */
export function QualificationFormSection({
  section,
  settings,
  isPageHeading,
}: SectionProps<'qualificationFormSection'>) {
  return (
    <SectionShell header={formSectionHeader(section)} isPageHeading={isPageHeading} tone="alt">
      <Suspense fallback={null}>
        <QualificationForm
          section={section}
          phone={settings.contactPhone}
          headingLevel={headingLevels(isPageHeading).item}
        />
      </Suspense>
    </SectionShell>
  )
}
