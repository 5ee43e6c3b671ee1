/**
 * Always-valid statistics for an experiment's conversion rates (docs/decisions/0021): the mixture sequential
 * probability ratio test (mSPRT) of Johari, Pekelis and Walsh, "Always Valid Inference: Continuous Monitoring
 * of A/B Tests" (Operations Research 70(3), 2022), with a normal mixture over the difference of two
 * proportions. Its intervals are confidence sequences: they hold at every moment at once, so looking after
 * every page view does not raise the chance of a false winner above ALPHA.
 */

/** The chance, over the whole life of an experiment, that an interval ever misses the truth. */
export const ALPHA = 0.05

/**
 * The mixture's spread (τ), in conversion-rate points (0.01 = 1 point): the size of difference the test is
 * most sensitive to. Any value keeps the guarantee; this one suits landing pages converting at 2–10 %.
 */
export const MIXTURE_SPREAD = 0.01

/** No winner is named before each arm has this many page views (the normal approximation needs them). */
export const MIN_VIEWS_PER_ARM = 100

/** The smallest difference "no difference detected" rules out: 20 % of the control's rate. */
export const RELATIVE_LIFT_OF_INTEREST = 0.2

export interface Interval {
  low: number
  high: number
}

/** A rate's variance estimate, kept off zero (a rate of 0 or 1 after few views is not a certainty). */
function rateVariance(conversions: number, views: number): number {
  const rate = (conversions + 1) / (views + 2)
  return (rate * (1 - rate)) / views
}

/**
 * The half-width of the mSPRT confidence sequence for an estimate with variance `variance`, at level `alpha`:
 * the values θ₀ whose mixture likelihood ratio stays below 1/alpha.
 */
export function halfWidth(variance: number, alpha = ALPHA, spread = MIXTURE_SPREAD): number {
  const tau2 = spread * spread
  return Math.sqrt(
    ((variance * (variance + tau2)) / tau2) * (Math.log((variance + tau2) / variance) + 2 * Math.log(1 / alpha)),
  )
}

/** A variant's conversion rate with its always-valid interval (clipped to 0–100 %). */
export function rateInterval(conversions: number, views: number, alpha = ALPHA): Interval | undefined {
  if (views <= 0) return undefined
  const rate = conversions / views
  const width = halfWidth(rateVariance(conversions, views), alpha)
  return { low: Math.max(0, rate - width), high: Math.min(1, rate + width) }
}

export interface Arm {
  views: number
  conversions: number
}

/** The difference variant − control in rate points, with its always-valid interval. */
export function differenceInterval(
  control: Arm,
  variant: Arm,
  alpha = ALPHA,
): { difference: number; interval: Interval } | undefined {
  if (control.views <= 0 || variant.views <= 0) return undefined
  const difference = variant.conversions / variant.views - control.conversions / control.views
  const variance = rateVariance(control.conversions, control.views) + rateVariance(variant.conversions, variant.views)
  const width = halfWidth(variance, alpha)
  return { difference, interval: { low: difference - width, high: difference + width } }
}

/** Whether the interval names a winner (or a loser): it excludes 0 and both arms have enough page views. */
export function isSignificant(control: Arm, variant: Arm, alpha = ALPHA): boolean {
  if (control.views < MIN_VIEWS_PER_ARM || variant.views < MIN_VIEWS_PER_ARM) return false
  const found = differenceInterval(control, variant, alpha)
  return found !== undefined && (found.interval.low > 0 || found.interval.high < 0)
}

/**
 * The total page views at which the interval for the difference becomes narrower than `lift` × the rate
 * `rate` (both arms converting at `rate`, split by `shares`): when a difference that large would be seen.
 */
export function viewsToResolve(rate: number, shares: { control: number; variant: number }, alpha = ALPHA): number {
  const target = RELATIVE_LIFT_OF_INTEREST * rate
  const widthAt = (total: number) => {
    const p = Math.min(Math.max(rate, 1e-6), 1 - 1e-6)
    const variance = p * (1 - p) * (1 / (shares.control * total) + 1 / (shares.variant * total))
    return halfWidth(variance, alpha)
  }
  let high = 100
  while (widthAt(high) > target && high < 1e10) high *= 2
  let low = high / 2
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (widthAt(middle) > target) low = middle
    else high = middle
  }
  return high
}

/**
 * Sample-ratio mismatch: whether the observed split of page views is too far from the weights to be chance
 * (Pearson's chi-squared test at p < 0.001, as the experimentation literature recommends), which means the
 * split or the counting is broken and the figures cannot be trusted.
 */
export function sampleRatioMismatch(views: number[], weights: number[]): { mismatch: boolean; pValue: number } {
  const total = views.reduce((sum, value) => sum + value, 0)
  const weightTotal = weights.reduce((sum, value) => sum + value, 0)
  if (total === 0 || weightTotal === 0 || views.length < 2) return { mismatch: false, pValue: 1 }
  let statistic = 0
  views.forEach((observed, index) => {
    const expected = (total * (weights[index] ?? 0)) / weightTotal
    if (expected > 0) statistic += (observed - expected) ** 2 / expected
  })
  const pValue = chiSquaredSurvival(statistic, views.length - 1)
  return { mismatch: pValue < 0.001, pValue }
}

/** P(X ≥ x) for a chi-squared variable with 1 to 3 degrees of freedom (an experiment has 2 to 4 variants). */
function chiSquaredSurvival(x: number, degrees: number): number {
  if (x <= 0) return 1
  const root = Math.sqrt(x / 2)
  if (degrees === 1) return erfc(root)
  if (degrees === 2) return Math.exp(-x / 2)
  return erfc(root) + Math.sqrt((2 * x) / Math.PI) * Math.exp(-x / 2)
}

/** The complementary error function (Numerical Recipes' erfcc, relative error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x)
  const t = 1 / (1 + z / 2)
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    )
  return x >= 0 ? r : 2 - r
}
