import { type Arm, isSignificant } from './statistics.ts'

/**
 * Simulated experiments with a control and one variant split 50/50, looked at after every `checkEvery` page
 * views: how often the statistics name a winner, and after how many page views. The A/A case (equal rates)
 * measures false winners; a true lift measures power (tests/unit/experimentStatistics.test.ts and
 * bench/src/experimentStatsBench.ts run it).
 */
export interface SimulationOptions {
  experiments: number
  controlRate: number
  variantRate: number
  /** The page views (both arms together) each experiment runs for at most. */
  maxViews: number
  checkEvery: number
  /** Uniform in [0, 1); seeded in tests and benches, so that a run can be repeated. */
  random: () => number
}

export interface SimulationResult {
  /** Experiments whose interval excluded 0 at some check. */
  declared: number
  /** Of those, the page views (both arms) at the first such check. */
  viewsAtDeclaration: number[]
}

export function simulateExperiments(options: SimulationOptions): SimulationResult {
  const { random } = options
  const viewsAtDeclaration: number[] = []
  for (let experiment = 0; experiment < options.experiments; experiment += 1) {
    const control: Arm = { views: 0, conversions: 0 }
    const variant: Arm = { views: 0, conversions: 0 }
    for (let views = 1; views <= options.maxViews; views += 1) {
      const arm = random() < 0.5 ? control : variant
      arm.views += 1
      if (random() < (arm === control ? options.controlRate : options.variantRate)) arm.conversions += 1
      if (views % options.checkEvery === 0 && isSignificant(control, variant)) {
        viewsAtDeclaration.push(views)
        break
      }
    }
  }
  return { declared: viewsAtDeclaration.length, viewsAtDeclaration }
}

/** The total page views a fixed-horizon two-sided z-test at 5 % with 80 % power needs for these two rates. */
export function fixedHorizonViews(controlRate: number, variantRate: number): number {
  const zAlpha = 1.959964
  const zBeta = 0.841621
  const perArm =
    ((zAlpha + zBeta) ** 2 * (controlRate * (1 - controlRate) + variantRate * (1 - variantRate))) /
    (variantRate - controlRate) ** 2
  return 2 * Math.ceil(perArm)
}
