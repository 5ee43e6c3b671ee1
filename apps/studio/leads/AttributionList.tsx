import { Stack, Text } from '@sanity/ui'
import type { LeadTouch } from '@site/leads/context'
import { type SeenVariant, seenVariantsText } from '@site/leads/experiments'
import { TOUCH_LABELS } from '@site/leads/labels'
import { type Field, FieldList } from './FieldList'
import { readableTime } from './leadFormat'

const TOUCHES = [
  ['firstTouch', 'First visit (where they landed)'],
  ['lastTouch', 'Latest campaign visit'],
] as const

/** Where the visit came from: the form's page, then the first and latest arrivals with their campaign. */
export function AttributionList({ attribution }: { attribution: Record<string, unknown> | null }) {
  if (!attribution)
    return (
      <Text size={1} muted>
        The browser sent no attribution.
      </Text>
    )
  return (
    <Stack space={4}>
      <FieldList
        fields={[
          { key: 'page', label: 'Form page', value: String(attribution.page ?? '') },
          ...(Array.isArray(attribution.experiments) && attribution.experiments.length > 0
            ? [
                {
                  key: 'experiments',
                  label: 'Experiment variants seen',
                  value: seenVariantsText(attribution.experiments as SeenVariant[]),
                },
              ]
            : []),
        ]}
      />
      {TOUCHES.map(([name, title]) => (
        <Stack space={3} key={name}>
          <Text size={1} weight="semibold">
            {title}
          </Text>
          <FieldList fields={touchFields(attribution[name])} testId={name} />
        </Stack>
      ))}
    </Stack>
  )
}

function touchFields(touch: unknown): Field[] {
  if (!touch || typeof touch !== 'object') return [{ key: 'none', label: 'Recorded', value: 'Nothing' }]
  const values = touch as Partial<Record<keyof LeadTouch, unknown>>
  return (Object.keys(TOUCH_LABELS) as Array<keyof LeadTouch>)
    .filter((key) => typeof values[key] === 'string' && values[key] !== '')
    .map((key) => ({
      key,
      label: TOUCH_LABELS[key],
      value: key === 'at' ? readableTime(String(values[key])) : String(values[key]),
    }))
}
