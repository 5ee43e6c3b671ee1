import { ArrowDownRight, ArrowUpRight } from 'lucide-react'
import { useId } from 'react'
import styled from 'styled-components'
import type { SectionOf } from '../../content/types'
import { CampaignsTable, LeadsTable, RegistrantsList } from './DashboardData'

export type DashboardValue = NonNullable<SectionOf<'dashboardSection'>['dashboard']>
type MetricValue = NonNullable<DashboardValue['metrics']>[number]

/** An illustrative product screen drawn from the CMS sample data: metric tiles above a table or list. */
export function DashboardFigure({ dashboard }: { dashboard: DashboardValue }) {
  const titleId = useId()
  const metrics = dashboard.metrics ?? []
  return (
    <Figure>
      <Window>
        <TitleBar>
          <Dots aria-hidden="true">
            <span />
            <span />
            <span />
          </Dots>
          {dashboard.title && <Title id={titleId}>{dashboard.title}</Title>}
        </TitleBar>
        <Screen>
          {metrics.length > 0 && (
            <Metrics>
              {metrics.map((metric) => (
                <MetricTile key={metric._key} metric={metric} />
              ))}
            </Metrics>
          )}
          <DashboardData dashboard={dashboard} labelledBy={dashboard.title ? titleId : undefined} />
        </Screen>
      </Window>
      {dashboard.caption && <Caption>{dashboard.caption}</Caption>}
    </Figure>
  )
}

function DashboardData({ dashboard, labelledBy }: { dashboard: DashboardValue; labelledBy: string | undefined }) {
  switch (dashboard.kind) {
    case 'campaigns':
      return (
        <CampaignsTable
          campaigns={dashboard.campaigns ?? []}
          columns={dashboard.columnLabels ?? []}
          labelledBy={labelledBy}
        />
      )
    case 'webinar':
      return <RegistrantsList registrants={dashboard.registrants ?? []} labelledBy={labelledBy} />
    case 'leads':
      return <LeadsTable leads={dashboard.leads ?? []} columns={dashboard.columnLabels ?? []} labelledBy={labelledBy} />
    default:
      return null
  }
}

function MetricTile({ metric }: { metric: MetricValue }) {
  const falling = /^[-−–]/.test(metric.trend ?? '')
  const Arrow = falling ? ArrowDownRight : ArrowUpRight
  return (
    <Tile>
      <dt>{metric.label}</dt>
      <Value>{metric.value}</Value>
      {metric.trend && (
        <Trend>
          <Arrow aria-hidden size={14} strokeWidth={2.5} />
          {metric.trend}
        </Trend>
      )}
    </Tile>
  )
}

const Figure = styled.figure`
  margin: 0;
  min-width: 0;
`

const Window = styled.div`
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`

const TitleBar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.color.navy};
`

const Dots = styled.span`
  display: inline-flex;
  gap: 0.375rem;
  span { width: 0.625rem; height: 0.625rem; border-radius: 50%; background: rgba(255, 255, 255, 0.28); }
`

const Title = styled.p`
  color: ${({ theme }) => theme.color.onDark};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`

const Screen = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: clamp(0.5rem, 0.25rem + 1.25vw, 1.25rem);
  background: ${({ theme }) => theme.color.surfaceAlt};
`

const Metrics = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(6.25rem, 1fr));
  gap: 0.625rem;
  margin: 0;
`

const Tile = styled.div`
  display: grid;
  align-content: start;
  gap: 0.125rem;
  padding: 0.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  dt { font-size: 0.75rem; line-height: 1.3; color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; }
`

const Value = styled.dd`
  font-size: 1.375rem;
  font-weight: 700;
  letter-spacing: -0.02em;
  color: ${({ theme }) => theme.color.ink};
  font-variant-numeric: tabular-nums;
`

// Emerald 700: the accent token is too light for small text on white (AA).
const Trend = styled.dd`
  display: inline-flex;
  align-items: center;
  gap: 0.125rem;
  font-size: 0.75rem;
  font-weight: 600;
  color: #047857;
`

const Caption = styled.figcaption`
  margin-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
`
