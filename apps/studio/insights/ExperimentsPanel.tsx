import { Badge, Box, Card, Flex, Heading, Stack, Text } from '@sanity/ui'
import type { ExperimentFigures, RateInterval } from '@site/leads/experiments'
import { useEffect, useState } from 'react'
import type { insightsApi } from './insightsApi'

const percent = (value: number) => `${(value * 100).toFixed(1)} %`
const points = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}`
const range = (interval: RateInterval | null | undefined, format: (value: number) => string) =>
  interval ? `${format(interval.low)} to ${format(interval.high)}` : '—'

const STATUS_TONES = { running: 'positive', stopped: 'caution', promoted: 'primary' } as const

/**
 * The experiments (docs/experiments.md), each over its whole run: per variant its page views, leads, rate and
 * difference to the control with always-valid intervals (decision 0021), the split check, the decision.
 */
export function ExperimentsPanel({ api }: { api: ReturnType<typeof insightsApi> }) {
  const [experiments, setExperiments] = useState<ExperimentFigures[]>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    api
      .experiments()
      .then(setExperiments, (failure: unknown) =>
        setError(failure instanceof Error ? failure.message : 'The lead server cannot be reached.'),
      )
  }, [api])
  if (error)
    return (
      <Card padding={3} tone="critical" radius={2} role="alert">
        <Text>{error}</Text>
      </Card>
    )
  if (!experiments || experiments.length === 0) return null
  return (
    <Stack space={3} data-testid="experiments">
      <Heading as="h2" size={1}>
        Experiments
      </Heading>
      {experiments.map((experiment) => (
        <ExperimentCard key={experiment.id} experiment={experiment} />
      ))}
    </Stack>
  )
}

function ExperimentCard({ experiment }: { experiment: ExperimentFigures }) {
  const tone = STATUS_TONES[experiment.status as keyof typeof STATUS_TONES] ?? 'default'
  return (
    <Card padding={3} radius={2} border data-testid={`experiment-${experiment.id}`}>
      <Stack space={3}>
        <Flex align="center" gap={2} wrap="wrap">
          <Box flex={1}>
            <Text weight="semibold">{experiment.title}</Text>
          </Box>
          <Badge tone={tone}>{experiment.status}</Badge>
        </Flex>
        <Text size={1} muted>
          Page {experiment.page} · goal:{' '}
          {experiment.goal === 'any' ? 'a lead from any form' : `a ${experiment.goal} lead`} · since{' '}
          {experiment.startsAt.slice(0, 10)}
          {experiment.endsAt ? ` until ${experiment.endsAt.slice(0, 10)}` : ''}
        </Text>
        <Box overflow="auto">
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                {['Variant', 'Weight', 'Page views', 'Leads', 'Rate', 'Rate interval', 'vs control', 'Interval'].map(
                  (title, index) => (
                    <th key={title} scope="col" style={cell(index > 0, true)}>
                      <Text size={1} weight="semibold">
                        {title}
                      </Text>
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {experiment.variants.map((variant) => (
                <tr key={variant.key}>
                  {[
                    `${variant.label}${variant.control ? ' (control)' : ''}`,
                    `${variant.weight} %`,
                    variant.exposures.toLocaleString('en-US'),
                    variant.leads.toLocaleString('en-US'),
                    variant.conversionRate === null ? '—' : percent(variant.conversionRate),
                    range(variant.rateInterval, percent),
                    variant.control || variant.difference == null ? '' : `${points(variant.difference)} pts`,
                    variant.control ? '' : `${range(variant.differenceInterval, points)} pts`,
                  ].map((value, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are in a fixed order
                    <td key={index} style={cell(index > 0, false)}>
                      <Text size={1}>{value}</Text>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
        {experiment.sampleRatio.mismatch && (
          <Card padding={3} tone="caution" radius={2} role="alert">
            <Text size={1}>
              The page views do not split as the weights say (sample ratio mismatch): check the split before trusting
              these figures.
            </Text>
          </Card>
        )}
        <Text weight="semibold" data-testid="experiment-decision">
          {experiment.decision}
        </Text>
        <Text size={1} muted>
          Intervals stay valid however often you look (mSPRT).
        </Text>
      </Stack>
    </Card>
  )
}

const cell = (numeric: boolean, head: boolean) => ({
  textAlign: numeric ? ('right' as const) : ('left' as const),
  padding: '6px 8px',
  whiteSpace: 'nowrap' as const,
  borderBottom: head ? '1px solid var(--card-border-color)' : '1px solid var(--card-hairline-soft-color)',
})
