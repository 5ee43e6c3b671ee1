import type { ComponentType } from 'react'
import type { SectionOf } from '../content/types'
import { headingLevels } from './headingLevels'
import { SectionLink } from './SectionLink'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'
import { CardSteps } from './steps/CardSteps'
import { ListSteps } from './steps/ListSteps'
import type { StepsLayoutProps } from './steps/StepContent'
import { TimelineSteps } from './steps/TimelineSteps'

/** One layout per variant of the schema's option list (STEPS_VARIANTS); the type checker names a missing one. */
const LAYOUTS: Record<SectionOf<'stepsSection'>['variant'], ComponentType<StepsLayoutProps>> = {
  timeline: TimelineSteps,
  cards: CardSteps,
  list: ListSteps,
}

/** A numbered process: one ordered list, laid out as its variant says (steps/). */
export function StepsSection({ section, isPageHeading }: SectionProps<'stepsSection'>) {
  const { steps, link, variant } = section
  const Layout = LAYOUTS[variant]
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone={variant === 'timeline' ? 'alt' : 'light'}>
      <Layout steps={steps} headingLevel={headingLevels(isPageHeading).item} />
      <SectionLink link={link} />
    </SectionShell>
  )
}
