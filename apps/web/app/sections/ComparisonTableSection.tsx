import { CircleCheck, CircleX } from 'lucide-react'
import { useId } from 'react'
import styled from 'styled-components'
import { media } from '../theme/theme'
import { SectionLink } from './SectionLink'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** The offer against a competitor, feature by feature, as a real data table that scrolls sideways on phones. */
export function ComparisonTableSection({ section, isPageHeading }: SectionProps<'comparisonTableSection'>) {
  const { heading, featureLabel, ourLabel, competitorLabel, rows, link } = section
  const captionId = useId()
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="alt">
      {/* Focusable and named, so keyboard users can scroll the table when it is wider than the screen. */}
      <ScrollArea tabIndex={0} role={heading ? 'region' : undefined} aria-labelledby={heading ? captionId : undefined}>
        {/* Native semantics only: the HTML standard forbids ARIA table roles inside a <table> (W3C checker). */}
        <Table>
          {heading && (
            <caption id={captionId} className="visually-hidden">
              {heading}
            </caption>
          )}
          <thead>
            <tr>
              <th scope="col">{featureLabel}</th>
              <OurHeader scope="col">{ourLabel}</OurHeader>
              <th scope="col">{competitorLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row._id}>
                <th scope="row">{row.feature}</th>
                <OurCell>
                  <CellLabel aria-hidden="true">{ourLabel}</CellLabel>
                  <CellContent>
                    <CircleCheck aria-hidden="true" size={20} />
                    <span>{row.ourValue}</span>
                  </CellContent>
                </OurCell>
                <TheirCell>
                  <CellLabel aria-hidden="true">{competitorLabel}</CellLabel>
                  <CellContent>
                    <CircleX aria-hidden="true" size={20} />
                    <span>{row.competitorValue}</span>
                  </CellContent>
                </TheirCell>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollArea>
      <SectionLink link={link} />
    </SectionShell>
  )
}

const ScrollArea = styled.div`
  ${media.sm} {
    overflow-x: auto;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    background: ${({ theme }) => theme.color.surface};
    box-shadow: ${({ theme }) => theme.shadow.md};
  }
`

/** Phones: one card per feature, each value under its column name. From sm up: a classic table. */
const Table = styled.table`
  display: block;
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: left;

  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  tbody { display: grid; gap: ${({ theme }) => theme.space.md}; }
  tr {
    display: block;
    overflow: hidden;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    box-shadow: ${({ theme }) => theme.shadow.sm};
  }
  th, td { display: block; padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`}; }
  tbody th {
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: 700;
    color: ${({ theme }) => theme.color.ink};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }

  ${media.sm} {
    display: table;
    min-width: 36rem;
    thead { position: static; width: auto; height: auto; overflow: visible; clip: auto; white-space: normal; display: table-header-group; }
    tbody { display: table-row-group; }
    tr { display: table-row; border: 0; border-radius: 0; box-shadow: none; }
    th, td {
      display: table-cell;
      vertical-align: top;
      border-bottom: 1px solid ${({ theme }) => theme.color.border};
    }
    tbody tr:last-child > * { border-bottom: 0; }
    tbody th { width: 28%; font-size: inherit; font-weight: 600; }
  }

  thead th {
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.muted};
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
`

const OurHeader = styled.th`
  && {
    color: ${({ theme }) => theme.color.onDark};
    background: ${({ theme }) => theme.color.brand};
  }
`

const OurCell = styled.td`
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.ink};
  font-weight: 500;
  svg { color: ${({ theme }) => theme.color.accent}; }
`

const TheirCell = styled.td`
  color: ${({ theme }) => theme.color.muted};
  svg { color: ${({ theme }) => theme.color.danger}; }
`

const CellLabel = styled.span`
  display: block;
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.muted};
  ${media.sm} { display: none; }
`

const CellContent = styled.span`
  display: flex;
  gap: 0.625rem;
  align-items: flex-start;
  svg { flex: none; margin-top: 0.0625rem; }
`
