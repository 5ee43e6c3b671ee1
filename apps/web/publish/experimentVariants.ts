import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  EXPERIMENTS_MANIFEST_FILE,
  type ExperimentsManifest,
  type ManifestExperiment,
  variantRoute,
} from '@site/leads/experiments'
import { EXPERIMENT_PASS_VARIABLE, type ExperimentPlan, passVariant } from '../app/content/experiments.server'
import { routeFiles } from './routeFiles.ts'

/**
 * Prerenders every variant of every running experiment as a page of its own (docs/experiments.md): one more
 * `react-router build` per variant rank (pass 1 renders each experiment's first variant besides the control,
 * and so on), whose loader applies that variant. Each page is copied into the client build at its variant
 * route, where the security policy, image copies and compression treat it as any page, and
 * `_experiments.json` tells `pnpm serve` which pages to split. A static host serves the control only.
 */
export function buildExperimentVariants(options: {
  root: string
  buildDirectory: string
  clientBuildDir: string
  plans: ExperimentPlan[]
}): ExperimentsManifest {
  const { root, buildDirectory, clientBuildDir, plans } = options
  const passes = Math.max(0, ...plans.map((plan) => plan.variants.filter((variant) => !variant.control).length))
  for (let pass = 1; pass <= passes; pass += 1) {
    const passDir = `${buildDirectory}-experiment-${pass}`
    // By its path: a build started by the publisher (publish/publishOrRebuild.ts) has no node_modules/.bin on PATH.
    const built = spawnSync(join(root, 'node_modules', '.bin', 'react-router'), ['build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, [EXPERIMENT_PASS_VARIABLE]: String(pass), SITE_BUILD_DIR: passDir },
    })
    if (built.status !== 0) throw new Error(`The build of experiment variants (pass ${pass}) failed`)
    const passClient = join(root, passDir, 'client')
    assertSameAssets(clientBuildDir, passClient)
    for (const plan of plans) {
      const key = passVariant(plan, pass)
      if (!key) continue
      // Its data too: a client navigation to the page fetches that, and `pnpm serve` splits it as the HTML.
      const variant = routeFiles(variantRoute(plan.id, key))
      const page = routeFiles(plan.path)
      mkdirSync(dirname(join(clientBuildDir, variant.html)), { recursive: true })
      cpSync(join(passClient, page.html), join(clientBuildDir, variant.html))
      cpSync(join(passClient, page.data), join(clientBuildDir, variant.data))
    }
    rmSync(join(root, passDir), { recursive: true, force: true })
  }
  const manifest: ExperimentsManifest = { experiments: plans.map(manifestEntry) }
  writeFileSync(join(clientBuildDir, EXPERIMENTS_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

function manifestEntry(plan: ExperimentPlan): ManifestExperiment {
  return {
    id: plan.id,
    path: plan.path,
    ...(plan.endsAt ? { endsAt: plan.endsAt } : {}),
    variants: plan.variants.map((variant) => ({
      ...variant,
      route: variant.control ? plan.path : variantRoute(plan.id, variant.key),
    })),
  }
}

/** A variant page loads the site's scripts by their hashed names: a pass that built others would break it. */
function assertSameAssets(site: string, pass: string): void {
  const names = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort().join('\n') : '')
  if (names(join(site, 'assets')) !== names(join(pass, 'assets')))
    throw new Error('The experiment pass built other scripts than the site: its variant pages would not load')
}
