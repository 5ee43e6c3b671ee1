import { pickVariant } from '@site/leads/experiments'
import { sectionForVariant, variantProblems } from '@site/schemas/experiments'
import { describe, expect, it } from 'vitest'
import { decisionText, experimentFigures } from '../../apps/server/src/insights/experiments/experimentFigures.ts'
import { experimentsText } from '../../apps/server/src/insights/experiments/experimentsText.ts'
import { fixedHorizonViews, simulateExperiments } from '../../apps/server/src/insights/experiments/simulation.ts'
import {
  differenceInterval,
  isSignificant,
  rateInterval,
  sampleRatioMismatch,
} from '../../apps/server/src/insights/experiments/statistics.ts'
import { seeded } from '../../bench/src/seeded.ts'

describe('always-valid statistics (mSPRT, docs/decisions/0021)', () => {
  it('over 1,000 A/A experiments looked at every 100 page views, at most 5 % ever name a winner', () => {
    const result = simulateExperiments({
      experiments: 1000,
      controlRate: 0.05,
      variantRate: 0.05,
      maxViews: 20_000,
      checkEvery: 100,
      random: seeded(41),
    })
    expect(result.declared / 1000).toBeLessThanOrEqual(0.05)
  })

  it('finds a true +20 % relative lift on a 5 % rate, within what a fixed-horizon test would need in most runs', () => {
    const result = simulateExperiments({
      experiments: 100,
      controlRate: 0.05,
      variantRate: 0.06,
      maxViews: 60_000,
      checkEvery: 100,
      random: seeded(7),
    })
    expect(result.declared).toBeGreaterThanOrEqual(95)
    const sorted = [...result.viewsAtDeclaration].sort((a, b) => a - b)
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(fixedHorizonViews(0.05, 0.06) * 1.5)
  })

  it('gives intervals that hold the estimate, widen with fewer views and stay within 0–100 %', () => {
    const few = rateInterval(5, 100)!
    const many = rateInterval(500, 10_000)!
    expect(few.low).toBe(0)
    expect(few.high).toBeGreaterThan(0.05)
    expect(many.low).toBeLessThan(0.05)
    expect(many.high).toBeGreaterThan(0.05)
    expect(many.high - many.low).toBeLessThan(few.high - few.low)
    const compared = differenceInterval({ views: 10_000, conversions: 500 }, { views: 10_000, conversions: 700 })!
    expect(compared.difference).toBeCloseTo(0.02, 10)
    expect(compared.interval.low).toBeGreaterThan(0)
    expect(isSignificant({ views: 10_000, conversions: 500 }, { views: 10_000, conversions: 700 })).toBe(true)
    expect(isSignificant({ views: 50, conversions: 0 }, { views: 50, conversions: 10 })).toBe(false)
  })

  it('warns of a sample ratio mismatch only when the split is far from the weights', () => {
    expect(sampleRatioMismatch([5_050, 4_950], [50, 50]).mismatch).toBe(false)
    expect(sampleRatioMismatch([5_400, 4_600], [50, 50]).mismatch).toBe(true)
    expect(sampleRatioMismatch([7_000, 3_000], [70, 30]).mismatch).toBe(false)
    expect(sampleRatioMismatch([4_000, 3_000, 3_000], [40, 30, 30]).mismatch).toBe(false)
    expect(sampleRatioMismatch([4_400, 2_800, 2_800], [40, 30, 30]).mismatch).toBe(true)
  })
})

const definition = {
  _id: 'experiment.home-hero',
  title: 'Home hero',
  path: '/',
  status: 'running',
  goal: 'any',
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  promotedVariant: null,
  variants: [
    { key: 'a', label: 'Control', weight: 50, control: true },
    { key: 'b', label: 'Calendar headline', weight: 50, control: false },
  ],
}
const lead = (variant: string, form = 'contact', at = '2026-11-20T10:00:00Z') => ({
  form,
  receivedAt: new Date(at),
  seen: [{ experiment: 'experiment.home-hero', variant }],
})

describe("an experiment's figures and decision in words", () => {
  it('counts goal leads per variant since the start, and says a winner with its interval', () => {
    const leads = [
      ...Array.from({ length: 500 }, () => lead('a')),
      ...Array.from({ length: 750 }, () => lead('b')),
      lead('b', 'contact', '2026-10-20T10:00:00Z'),
    ]
    const figures = experimentFigures(
      definition,
      new Map([
        ['a', 10_000],
        ['b', 10_000],
      ]),
      leads,
    )
    expect(
      figures.variants.map(({ key, exposures, leads, control }) => ({ key, exposures, leads, control })),
    ).toStrictEqual([
      { key: 'a', exposures: 10_000, leads: 500, control: true },
      { key: 'b', exposures: 10_000, leads: 750, control: undefined },
    ])
    expect(figures.decision).toMatch(
      /^Calendar headline converts better than the control: \+2\.5 points \(\+\d\.\d to \+\d\.\d points\)$/,
    )
    expect(experimentsText([figures])).toContain('Calendar headline [b]')
  })

  it('with a chosen form as goal, counts only that form', () => {
    const figures = experimentFigures(
      definition.goal === 'any' ? { ...definition, goal: 'guide' } : definition,
      new Map([
        ['a', 10],
        ['b', 10],
      ]),
      [lead('a', 'contact'), lead('b', 'guide')],
    )
    expect(figures.variants.map(({ leads }) => leads)).toStrictEqual([0, 1])
  })

  it('says how many more page views are needed, then that there is no difference', () => {
    const early = experimentFigures(
      definition,
      new Map([
        ['a', 500],
        ['b', 500],
      ]),
      [...Array.from({ length: 25 }, () => lead('a')), ...Array.from({ length: 25 }, () => lead('b'))],
    )
    expect(early.decision).toMatch(/^Not enough data yet: about [\d,]+ more page views$/)
    const late = experimentFigures(
      definition,
      new Map([
        ['a', 60_000],
        ['b', 60_000],
      ]),
      [...Array.from({ length: 3_000 }, () => lead('a')), ...Array.from({ length: 3_000 }, () => lead('b'))],
    )
    expect(late.decision).toBe('No difference detected')
    expect(decisionText([])).toBe('No control: mark one variant as the control')
  })
})

describe('the experiment rules the Studio, the build and the server share', () => {
  it('names what is wrong with the variants', () => {
    expect(
      variantProblems([
        { key: 'a', label: 'Control', weight: 50, control: true },
        { key: 'b', label: 'Same', weight: 40 },
      ]),
    ).toStrictEqual([
      'The weights add up to 90, not 100',
      'Variant "Same" is identical to the control: change its heading, text, button label or section',
    ])
    expect(variantProblems([{ key: 'a', weight: 100, control: true }])).toContain(
      'An experiment has 2 to 4 variants (the control included), not 1',
    )
    expect(
      variantProblems([
        { key: 'a', weight: 50, control: true },
        { key: 'a', weight: 50, heading: 'New' },
      ]),
    ).toStrictEqual(['Each variant needs its own key: "a" is used twice'])
  })

  it("applies a variant's heading, text and first button label, or swaps the whole section", () => {
    const hero = {
      _type: 'heroSection',
      _key: 'hero',
      heading: 'Grow With Exclusive Appointments',
      highlight: 'Exclusive Appointments',
      text: 'Old',
      actions: [
        { _key: '1', label: 'Book a Strategy Call', href: '/contact' },
        { _key: '2', label: 'See How', href: '/app' },
      ],
    }
    expect(
      sectionForVariant(hero, { heading: 'Fill Your Calendar With Exclusive Appointments', ctaLabel: 'Get My Call' }),
    ).toStrictEqual({
      ...hero,
      heading: 'Fill Your Calendar With Exclusive Appointments',
      actions: [{ _key: '1', label: 'Get My Call', href: '/contact' }, hero.actions[1]],
    })
    expect(
      sectionForVariant(hero, { replacement: [{ _type: 'ctaSection', _key: 'x', heading: 'Talk to us' }] }),
    ).toStrictEqual({
      _type: 'ctaSection',
      _key: 'hero',
      heading: 'Talk to us',
    })
  })

  it('picks variants by weight', () => {
    const variants = [
      { key: 'a', weight: 70 },
      { key: 'b', weight: 30 },
    ]
    expect(pickVariant(variants, 0).key).toBe('a')
    expect(pickVariant(variants, 0.69).key).toBe('a')
    expect(pickVariant(variants, 0.7).key).toBe('b')
    expect(pickVariant(variants, 0.999).key).toBe('b')
  })
})
