import { Box, Grid, Text } from '@sanity/ui'
import type { ReactNode } from 'react'

export interface Field {
  key: string
  label: string
  value: ReactNode
}

/**
 * Labelled values, as a notification e-mail sets them out: the label above its value on a phone, beside it
 * on a wide screen. A description list, so a screen reader reads each label with its value.
 */
export function FieldList({ fields, testId }: { fields: Field[]; testId?: string }) {
  return (
    <Grid as="dl" columns={[1, 1, 1, 3]} gapX={3} gapY={[2, 2, 2, 3]} data-testid={testId} style={{ margin: 0 }}>
      {fields.map((field) => (
        <FieldRow key={field.key} field={field} />
      ))}
    </Grid>
  )
}

function FieldRow({ field }: { field: Field }) {
  return (
    <>
      <Box as="dt" columnStart={1} paddingTop={[2, 2, 2, 0]}>
        <Text size={1} muted weight="medium">
          {field.label}
        </Text>
      </Box>
      <Box as="dd" column={[1, 1, 1, 2]} style={{ margin: 0 }}>
        <Text size={1} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {field.value === '' || field.value === null || field.value === undefined ? '—' : field.value}
        </Text>
      </Box>
    </>
  )
}
