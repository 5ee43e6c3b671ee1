import { Button, Grid, Select, TextInput } from '@sanity/ui'
import { LEAD_FORM_TITLES, LEAD_LIST_STATES, LEAD_STATE_TITLES } from '@site/leads/admin'
import { LEAD_FORMS } from '@site/leads/forms'
import { useState } from 'react'
import type { LeadFilters } from './leadsApi'

const FORMS = [['', 'All forms'], ...LEAD_FORMS.map((form) => [form, LEAD_FORM_TITLES[form]] as const)] as const
// `pending` is listed as queued or retrying; the filter offers retrying, the state worth finding.
const STATES = [
  ['', 'Any state'],
  ...LEAD_LIST_STATES.filter((state) => state !== 'pending').map((state) => [state, LEAD_STATE_TITLES[state]] as const),
] as const

export const NO_FILTERS: LeadFilters = { form: '', state: '', from: '', to: '', q: '' }

/** Search, form, state and dates; Apply sends them, Export CSV downloads what they show. */
export function LeadFiltersForm({
  initial,
  onApply,
  onExport,
}: {
  initial: LeadFilters
  onApply: (filters: LeadFilters) => void
  onExport: () => void
}) {
  const [filters, setFilters] = useState<LeadFilters>(initial)
  const set = (key: keyof LeadFilters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value
    setFilters((current) => ({ ...current, [key]: value }))
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onApply(filters)
      }}
    >
      <Grid columns={1} gap={2}>
        <TextInput
          aria-label="Search name, e-mail or company"
          placeholder="Search name, e-mail or company"
          value={filters.q}
          onChange={set('q')}
        />
        <Grid columns={2} gap={2}>
          <Select aria-label="Form" value={filters.form} onChange={set('form')}>
            {FORMS.map(([value, title]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
          </Select>
          <Select aria-label="Delivery state" value={filters.state} onChange={set('state')}>
            {STATES.map(([value, title]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
          </Select>
        </Grid>
        <Grid columns={2} gap={2}>
          <TextInput aria-label="Received from" type="date" value={filters.from} onChange={set('from')} />
          <TextInput aria-label="Received until" type="date" value={filters.to} onChange={set('to')} />
        </Grid>
        <Grid columns={2} gap={2}>
          <Button type="submit" text="Apply" tone="primary" />
          <Button type="button" text="Export CSV" mode="ghost" onClick={onExport} />
        </Grid>
      </Grid>
    </form>
  )
}
