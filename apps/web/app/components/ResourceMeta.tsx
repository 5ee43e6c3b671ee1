import { CalendarDays, Clock } from 'lucide-react'
import styled from 'styled-components'

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "2025-03-01" → "March 2025"; the same on server and client (UTC), so hydration matches. */
export function formatMonthYear(date: string | null | undefined): string | null {
  if (!date) return null
  const parsed = new Date(date)
  return Number.isNaN(parsed.getTime()) ? null : monthYear.format(parsed)
}

/** "March 2025", as a <time>, with a calendar icon unless `icon` is false. */
export function PublishedDate({
  publishedAt,
  icon = true,
}: {
  publishedAt: string | null | undefined
  icon?: boolean
}) {
  const published = formatMonthYear(publishedAt)
  if (!published || !publishedAt) return null
  return (
    <Item>
      {icon && <CalendarDays aria-hidden size={16} />}
      <time dateTime={publishedAt}>{published}</time>
    </Item>
  )
}

/** "9 min read", with a clock icon unless `icon` is false. */
export function ReadTime({
  readTime,
  unit,
  icon = true,
}: {
  readTime: number | null | undefined
  /** siteSettings.readTimeLabel, e.g. "min read". */
  unit: string | null | undefined
  icon?: boolean
}) {
  if (!readTime) return null
  return (
    <Item>
      {icon && <Clock aria-hidden size={16} />}
      {readTime} {unit}
    </Item>
  )
}

/** A resource's publication month and read time, as one line of icons and text. */
export function ResourceMeta({
  publishedAt,
  readTime,
  readTimeUnit,
  className,
}: {
  publishedAt: string | null | undefined
  readTime: number | null | undefined
  readTimeUnit: string | null | undefined
  className?: string
}) {
  if (!formatMonthYear(publishedAt) && !readTime) return null
  return (
    <Meta className={className}>
      <PublishedDate publishedAt={publishedAt} />
      <ReadTime readTime={readTime} unit={readTimeUnit} />
    </Meta>
  )
}

const Item = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  white-space: nowrap;
  svg { flex: none; opacity: 0.8; }
`

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.lg}`};
  font-size: ${({ theme }) => theme.fontSize.sm};
`
