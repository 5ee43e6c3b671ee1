import type { FollowThroughFigures, OutcomeCounts, SpeedRow } from '@site/leads/insights'
import { type PeriodSpend, withSpend } from './campaignSpend.ts'
import type { LeadOutcome } from './leadOutcomes.ts'

/** The statuses that count a lead as contacted, and as qualified (a lead lost after qualifying still was). */
const CONTACTED = new Set(['contacted', 'qualified', 'won'])
const QUALIFIED = new Set(['qualified', 'won'])

const empty = (): OutcomeCounts => ({ leads: 0, taken: 0, contacted: 0, qualified: 0, won: 0, wonValue: 0 })

function add(counts: OutcomeCounts, lead: LeadOutcome): void {
  const progress = lead.followThrough
  counts.leads += 1
  if (!progress) return
  const reached = new Set(progress.reached)
  if (progress.owner !== null || progress.takenAt !== null) counts.taken += 1
  if ([...reached].some((status) => CONTACTED.has(status))) counts.contacted += 1
  if ([...reached].some((status) => QUALIFIED.has(status))) counts.qualified += 1
  if (progress.wonValue !== null) {
    counts.won += 1
    counts.wonValue += progress.wonValue
  }
}

function grouped<Key extends Record<string, string>>(
  leads: LeadOutcome[],
  keysOf: (lead: LeadOutcome) => Key[],
): Array<Key & OutcomeCounts> {
  const table = new Map<string, Key & OutcomeCounts>()
  for (const lead of leads) {
    for (const key of keysOf(lead)) {
      const id = JSON.stringify(key)
      let row = table.get(id)
      if (!row) {
        row = { ...key, ...empty() }
        table.set(id, row)
      }
      add(row, lead)
    }
  }
  return [...table.values()].sort((a, b) => b.leads - a.leads || JSON.stringify(a).localeCompare(JSON.stringify(b)))
}

/** The value below which `share` of the sorted values lie (nearest rank), in minutes to one decimal. */
function percentile(sorted: number[], share: number): number | null {
  if (sorted.length === 0) return null
  const value = sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)] as number
  return Math.round((value / 60_000) * 10) / 10
}

/** The Monday (UTC) of a date's ISO week. */
function weekOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day))
    .toISOString()
    .slice(0, 10)
}

function speed(leads: LeadOutcome[]): SpeedRow[] {
  const groups = new Map<string, { person: string; week: string; take: number[]; contact: number[]; leads: number }>()
  for (const lead of leads) {
    const progress = lead.followThrough
    if (!progress?.owner || !progress.takenAt) continue
    const week = weekOf(progress.receivedAt)
    const id = `${progress.owner}\u0000${week}`
    const group = groups.get(id) ?? { person: progress.owner, week, take: [], contact: [], leads: 0 }
    group.leads += 1
    group.take.push(progress.takenAt.getTime() - progress.receivedAt.getTime())
    if (progress.firstStatusAt) group.contact.push(progress.firstStatusAt.getTime() - progress.receivedAt.getTime())
    groups.set(id, group)
  }
  return [...groups.values()]
    .map((group) => {
      const take = group.take.sort((a, b) => a - b)
      const contact = group.contact.sort((a, b) => a - b)
      return {
        person: group.person,
        week: group.week,
        leads: group.leads,
        takeMedianMinutes: percentile(take, 0.5),
        takeP90Minutes: percentile(take, 0.9),
        contactMedianMinutes: percentile(contact, 0.5),
        contactP90Minutes: percentile(contact, 0.9),
      }
    })
    .sort((a, b) => a.week.localeCompare(b.week) || a.person.localeCompare(b.person))
}

/**
 * What became of a period's leads, by landing page, campaign, form and experiment variant, and how fast; the
 * campaigns with their spend in the period (campaignSpend.ts) and what a lead and a qualified lead cost.
 */
export function followThroughFigures(leads: LeadOutcome[], spend: PeriodSpend[] = []): FollowThroughFigures {
  return {
    byLandingPage: grouped(leads, (lead) => [{ page: lead.landingPage }]),
    byCampaign: withSpend(
      grouped(leads, (lead) => [{ source: lead.source, medium: lead.medium, campaign: lead.campaign }]),
      spend,
    ),
    byForm: grouped(leads, (lead) => [{ form: lead.form }]),
    byVariant: grouped(leads, (lead) =>
      (lead.followThrough?.variants ?? []).map(({ experiment, variant }) => ({ experiment, variant })),
    ),
    speed: speed(leads),
  }
}
