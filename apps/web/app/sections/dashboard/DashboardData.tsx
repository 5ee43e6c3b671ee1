import type { ReactNode } from 'react'
import styled, { css } from 'styled-components'
import type { SectionOf } from '../../content/types'
import { media } from '../../theme/theme'

type Dashboard = NonNullable<SectionOf<'dashboardSection'>['dashboard']>
type Lead = NonNullable<Dashboard['leads']>[number]
type Campaign = NonNullable<Dashboard['campaigns']>[number]
type Registrant = NonNullable<Dashboard['registrants']>[number]

type TableProps = { columns: readonly string[]; labelledBy: string | undefined }

export function LeadsTable({ leads, columns, labelledBy }: TableProps & { leads: Lead[] }) {
  if (leads.length === 0) return null
  return (
    <DataTable columns={columns} labelledBy={labelledBy}>
      {leads.map((lead) => {
        const score = clampScore(lead.score)
        return (
          <tr key={lead._key}>
            <Name>{lead.name}</Name>
            <Numeric>{lead.age}</Numeric>
            <Numeric>{lead.assets}</Numeric>
            <td>
              <Score>
                <span>{score}</span>
                <Bar aria-hidden="true">
                  <span style={{ width: `${score}%` }} />
                </Bar>
              </Score>
            </td>
            <td>
              {lead.status && <Pill $tone={lead.status === 'Qualified' ? 'good' : 'pending'}>{lead.status}</Pill>}
            </td>
          </tr>
        )
      })}
    </DataTable>
  )
}

export function CampaignsTable({ campaigns, columns, labelledBy }: TableProps & { campaigns: Campaign[] }) {
  if (campaigns.length === 0) return null
  return (
    <DataTable columns={columns} labelledBy={labelledBy}>
      {campaigns.map((campaign) => (
        <tr key={campaign._key}>
          <Name>
            {campaign.name}
            {campaign.platform && <Platform>{campaign.platform}</Platform>}
          </Name>
          <Numeric>{campaign.spend}</Numeric>
          <Numeric>{campaign.leads}</Numeric>
          <Numeric>
            <strong>{campaign.costPerLead}</strong>
          </Numeric>
        </tr>
      ))}
    </DataTable>
  )
}

export function RegistrantsList({
  registrants,
  labelledBy,
}: {
  registrants: Registrant[]
  labelledBy: string | undefined
}) {
  if (registrants.length === 0) return null
  return (
    <Registrants aria-labelledby={labelledBy}>
      {registrants.map((registrant) => (
        <li key={registrant._key}>
          <Avatar aria-hidden="true">{initials(registrant.name)}</Avatar>
          <div>
            <strong>{registrant.name}</strong>
            <span>{registrant.webinar}</span>
          </div>
          <RegistrantMeta>
            <span>{registrant.registered}</span>
            {registrant.status && <Pill $tone="info">{registrant.status}</Pill>}
          </RegistrantMeta>
        </li>
      ))}
    </Registrants>
  )
}

function DataTable({
  columns,
  labelledBy,
  children,
}: {
  columns: readonly string[]
  labelledBy: string | undefined
  children: ReactNode
}) {
  return (
    // Sized to fit a phone; should a long value still not fit, it scrolls (focusable, for keyboards).
    <Scroller role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <Table aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </Scroller>
  )
}

function clampScore(score: number): number {
  return Math.min(100, Math.max(0, Math.round(score)))
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')
}

const Scroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.8125rem;
  line-height: 1.4;
  th, td { padding: 0.625rem 0.375rem; text-align: left; vertical-align: middle; }
  th:first-child, td:first-child { padding-left: 0.625rem; }
  th:last-child, td:last-child { padding-right: 0.625rem; }
  ${media.sm} { th, td { padding-inline: 0.75rem; } }
  th {
    font-size: 0.6875rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.muted};
    vertical-align: bottom;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  tbody tr + tr td { border-top: 1px solid ${({ theme }) => theme.color.border}; }
`

const Name = styled.td`
  font-weight: 600;
  color: ${({ theme }) => theme.color.ink};
`

const Platform = styled.span`
  display: block;
  margin-top: 0.125rem;
  font-size: 0.75rem;
  font-weight: 400;
  color: ${({ theme }) => theme.color.muted};
`

const Numeric = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  strong { color: ${({ theme }) => theme.color.ink}; }
`

/** Number above its bar on phones, beside it from the sm breakpoint. */
const Score = styled.span`
  display: inline-grid;
  gap: 0.25rem;
  ${media.sm} { display: inline-flex; align-items: center; gap: 0.5rem; }
  font-weight: 600;
  color: ${({ theme }) => theme.color.ink};
  font-variant-numeric: tabular-nums;
  > span:first-child { min-width: 1.5em; }
`

const Bar = styled.span`
  display: block;
  width: 2.25rem;
  ${media.sm} { width: 3.5rem; }
  height: 0.375rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.border};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    border-radius: inherit;
    background: linear-gradient(90deg, ${({ theme }) => theme.color.brand}, ${({ theme }) => theme.color.accent});
  }
`

type PillTone = 'good' | 'pending' | 'info'

// Emerald and amber shades for status: no theme token for them yet.
const PILL_TONES: Record<PillTone, { background: string; color: string }> = {
  good: { background: '#dcfce7', color: '#166534' },
  pending: { background: '#fef3c7', color: '#92400e' },
  info: { background: '#e8efff', color: '#1e40af' },
}

const Pill = styled.span<{ $tone: PillTone }>`
  display: inline-block;
  padding: 0.125rem 0.4375rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 600;
  white-space: nowrap;
  ${({ $tone }) => css`
    background: ${PILL_TONES[$tone].background};
    color: ${PILL_TONES[$tone].color};
  `}
`

const Registrants = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  font-size: 0.8125rem;
  line-height: 1.4;

  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0.25rem 0.75rem;
    align-items: center;
    padding: 0.75rem;
  }
  li + li { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  li > div { display: grid; }
  strong { color: ${({ theme }) => theme.color.ink}; font-weight: 600; }
  li > div > span { color: ${({ theme }) => theme.color.muted}; }

  @media (min-width: 30rem) {
    li { grid-template-columns: auto minmax(0, 1fr) auto; }
  }
`

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brandHover};
  font-size: 0.75rem;
  font-weight: 700;
`

const RegistrantMeta = styled.span`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  grid-column: 2;
  color: ${({ theme }) => theme.color.muted};
  white-space: nowrap;
  @media (min-width: 30rem) {
    grid-column: auto;
    flex-direction: column;
    align-items: flex-end;
    gap: 0.25rem;
  }
`
