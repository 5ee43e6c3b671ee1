import { Box, Button, Card, Flex, Grid, Heading, Select, Spinner, Stack, Text, TextInput } from '@sanity/ui'
import { BRANCHES, type InsightsReport, questionTitle } from '@site/leads/insights'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useClient } from 'sanity'
import { ExperimentsPanel } from './ExperimentsPanel'
import { type DayRange, InsightsApiError, insightsApi, lastDays } from './insightsApi'
import { type FigureTable, figureTables, headlines, tableCsv, uncountedNote } from './insightsTables'

/**
 * The Insights tool: for a period against the one before it, visitors, visits, page views, leads, conversion
 * and the leads that reached the CRM; where visits land and come from, with the leads they brought; each
 * form's funnel; the questionnaire question by question, per branch, drawn where people leave; real visits'
 * Core Web Vitals. Every table exports as CSV. It asks the lead server with the signed-in user's token.
 */
export function InsightsTool({ serverUrl }: { serverUrl: string }) {
  const client = useClient({ apiVersion: '2025-02-19' })
  const api = useMemo(() => insightsApi(serverUrl, client.config().token), [serverUrl, client])
  const [range, setRange] = useState<DayRange>(() => lastDays(30))
  const [query, setQuery] = useState<DayRange>(range)
  const [report, setReport] = useState<InsightsReport>()
  const [error, setError] = useState<string>()
  const [loading, setLoading] = useState(true)

  const load = useCallback(async () => {
    setLoading(true)
    setError(undefined)
    try {
      setReport(await api.report(query))
    } catch (failure) {
      setReport(undefined)
      setError(describe(failure))
    } finally {
      setLoading(false)
    }
  }, [api, query])

  useEffect(() => {
    void load()
  }, [load])

  const tables = useMemo(() => (report ? figureTables(report) : []), [report])
  return (
    <Card padding={4} overflow="auto" height="fill" data-testid="insights-tool">
      <Stack space={5}>
        <Flex align="flex-end" gap={3} wrap="wrap">
          <Box flex={1}>
            <Heading as="h1" size={2}>
              Insights
            </Heading>
          </Box>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              setQuery(range)
            }}
          >
            <Flex gap={2} align="center" wrap="wrap">
              <TextInput
                aria-label="From"
                type="date"
                value={range.from}
                onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
              />
              <TextInput
                aria-label="To"
                type="date"
                value={range.to}
                onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
              />
              <Button type="submit" text="Apply" tone="primary" />
            </Flex>
          </form>
        </Flex>
        {error && (
          <Card padding={3} tone="critical" radius={2} role="alert">
            <Text>{error}</Text>
          </Card>
        )}
        {loading && <Spinner />}
        {report && !loading && (
          <>
            <Text size={1} muted>
              {report.range.from} to {report.range.to} (UTC days), against {report.previous.from} to{' '}
              {report.previous.to}. Counted on this site&apos;s own server, without cookies.
            </Text>
            <Headlines report={report} />
            {uncountedNote(report) && (
              <Card padding={3} radius={2} tone="caution" border data-testid="uncounted-note">
                <Text size={1}>{uncountedNote(report)}</Text>
              </Card>
            )}
            <ExperimentsPanel api={api} />
            <QuestionnaireChart report={report} />
            {tables.map((table) => (
              <TableCard key={table.id} table={table} range={report.range} />
            ))}
          </>
        )}
      </Stack>
    </Card>
  )
}

function Headlines({ report }: { report: InsightsReport }) {
  return (
    <Grid columns={[2, 3, 6]} gap={3} role="list" aria-label="Totals">
      {headlines(report).map((headline) => (
        <Card key={headline.key} padding={3} radius={2} border role="listitem" data-testid={`total-${headline.key}`}>
          <Stack space={3}>
            <Text size={1} muted>
              {headline.title}
            </Text>
            <Text size={4} weight="semibold">
              {headline.value}
            </Text>
            <Text size={1} muted>
              {headline.change} (before: {headline.previous})
            </Text>
          </Stack>
        </Card>
      ))}
    </Grid>
  )
}

function QuestionnaireChart({ report }: { report: InsightsReport }) {
  const [branch, setBranch] = useState('')
  const rows = (branch ? (report.questionnaire.branches[branch] ?? []) : report.questionnaire.all).map((row) => ({
    ...row,
    question: questionTitle(row.question),
  }))
  return (
    <Card padding={3} radius={2} border>
      <Stack space={3}>
        <Flex align="center" gap={3} wrap="wrap">
          <Box flex={1} style={{ minWidth: 200 }}>
            <Heading as="h2" size={1}>
              Where the questionnaire loses people
            </Heading>
          </Box>
          <Box style={{ width: 220, maxWidth: '100%' }}>
            <Select aria-label="Branch" value={branch} onChange={(event) => setBranch(event.currentTarget.value)}>
              <option value="">Everyone</option>
              {BRANCHES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </Box>
        </Flex>
        {/* Sixteen questions' names need room: a narrow window scrolls the chart, as it does the tables. */}
        <div style={{ overflowX: 'auto' }}>
          <div style={{ width: '100%', minWidth: 640, height: 300 }} data-testid="questionnaire-chart">
            <ResponsiveContainer>
              <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 64, left: 24 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="question" angle={-35} textAnchor="end" interval={0} fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} />
                <Tooltip />
                <Legend verticalAlign="top" align="left" wrapperStyle={{ paddingBottom: 12 }} />
                <Bar dataKey="reached" name="Reached" fill="#8690a0" />
                <Bar dataKey="answered" name="Answered" fill="#2276fc" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
      </Stack>
    </Card>
  )
}

function TableCard({ table, range }: { table: FigureTable; range: DayRange }) {
  const download = () => {
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }))
    link.download = `insights-${table.id}-${range.from}-${range.to}.csv`
    link.click()
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
  }
  return (
    <Card padding={3} radius={2} border data-testid={`table-${table.id}`}>
      <Stack space={3}>
        <Flex align="center" gap={3}>
          <Box flex={1}>
            <Heading as="h2" size={1}>
              {table.title}
            </Heading>
          </Box>
          <Button text="Export CSV" mode="ghost" fontSize={1} onClick={download} />
        </Flex>
        {table.rows.length === 0 ? (
          <Text size={1} muted>
            Nothing in this period.
          </Text>
        ) : (
          <Box overflow="auto">
            <table style={{ borderCollapse: 'collapse', width: '100%' }}>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column.key} scope="col" style={cellStyle(column.numeric, true)}>
                      <Text size={1} weight="semibold">
                        {column.title}
                      </Text>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
                  <tr key={index}>
                    {table.columns.map((column) => (
                      <td key={column.key} style={cellStyle(column.numeric, false)}>
                        <Text size={1}>{row[column.key] ?? ''}</Text>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        )}
      </Stack>
    </Card>
  )
}

const cellStyle = (numeric: boolean | undefined, head: boolean) => ({
  textAlign: numeric ? ('right' as const) : ('left' as const),
  padding: '6px 8px',
  // A narrow window scrolls the table rather than breaking a page path or a campaign in the middle.
  whiteSpace: 'nowrap' as const,
  borderBottom: head ? '1px solid var(--card-border-color)' : '1px solid var(--card-hairline-soft-color)',
})

function describe(failure: unknown): string {
  if (failure instanceof InsightsApiError && failure.status === 401) {
    return 'The lead server could not confirm your Studio session: sign out and in again, or ask a project administrator for access to leads.'
  }
  if (failure instanceof InsightsApiError) return failure.message
  return 'The lead server cannot be reached.'
}
