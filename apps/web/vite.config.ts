import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, loadEnv } from 'vite'
import { assertNoSecretsInClientEnv } from './vite/assertNoSecretsInClientEnv.ts'
import { devRoutesFollowContent } from './vite/devRoutesFollowContent.ts'
import { eagerServerImports } from './vite/eagerServerImports.ts'
import { embeddedImages } from './vite/embeddedImages.ts'
import { FIRST_LOAD_CHUNKS, withoutFirstLoadChunks } from './vite/firstLoadChunks.ts'
import { keepServerBuild } from './vite/keepServerBuild.ts'
import { styledComponentsIds } from './vite/styledComponentsIds.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * What a cold dev server would find only when a page asks for it, then re-bundle and reload the page under a
 * visitor's typing (seen in the Studio suite): styled-components (through the stable-ids transform) and the
 * insights recorder's web-vitals are bundled at start; the proof of work's library, plain ESM whose worker's
 * import was bundled only when the worker started, is served as it is.
 * The rest are what `npm start`'s first page load still made Vite find, re-bundle and reload the page for
 * (its log: "dependencies optimized: … optimized dependencies changed. reloading"; the page's requests in
 * flight then answer "504 Outdated Optimize Dep", and the questionnaire hydrated twice, blank in between).
 */
const LATE_DEPENDENCIES = {
  include: [
    'styled-components',
    'web-vitals',
    '@capsizecss/core',
    '@capsizecss/metrics/arial',
    '@capsizecss/metrics/inter',
    '@hookform/resolvers/zod',
    '@portabletext/react',
    '@sanity/client',
    '@sanity/client/stega',
    '@sanity/image-url',
    '@sanity/react-loader',
    '@sanity/visual-editing/create-data-attribute',
    '@sanity/visual-editing/react-router',
    'groq',
    'lucide-react',
    'react-hook-form',
    'sharp',
    'sonner',
    'zod',
  ],
  exclude: ['altcha-lib'],
}

/**
 * The preview's dev server (VITE_SANITY_PREVIEW=true; `pnpm studio` starts it for the Studio's Preview tool)
 * runs beside the site's own: it keeps its own dependency cache, and optimizes the visual-editing libraries
 * when it starts. Sharing one cache, either server re-optimizing made the other's modules outdated, and the
 * Preview tool said "Unable to connect" (seen on a fresh clone).
 */
const previewDevServer = {
  cacheDir: 'node_modules/.vite-preview',
  optimizeDeps: {
    include: [...LATE_DEPENDENCIES.include],
    exclude: LATE_DEPENDENCIES.exclude,
  },
}

export default defineConfig(({ mode }) => {
  // One .env at the repository root; loaders run in Node at build time and read SANITY_* from process.env.
  const fileEnv = loadEnv(mode, repoRoot, '')
  for (const [name, value] of Object.entries(fileEnv)) process.env[name] ??= value
  assertNoSecretsInClientEnv(process.env)
  return {
    optimizeDeps: LATE_DEPENDENCIES,
    // After it: the preview's dev server has its own.
    ...(process.env.VITE_SANITY_PREVIEW === 'true' ? previewDevServer : {}),
    envDir: repoRoot,
    plugins: [
      styledComponentsIds(),
      eagerServerImports(),
      keepServerBuild(),
      devRoutesFollowContent(),
      embeddedImages(),
      reactRouter(),
    ],
    // lucide-react bundled, so the server bundle holds the icons the site uses: as an external, loading it
    // loaded every icon, half a second of each `pnpm publish:changed`.
    ssr: { noExternal: ['styled-components', 'lucide-react'] },
    server: { port: 5173, strictPort: false },
    // What every page needs in a few files instead of a dozen: on a slow connection each costs a round trip.
    build: {
      rolldownOptions: { output: { codeSplitting: { groups: FIRST_LOAD_CHUNKS } } },
      modulePreload: { resolveDependencies: (_file, deps) => withoutFirstLoadChunks(deps) },
    },
    environments: {
      // The prerender's server bundle in one file: every module, and so every styled component, is evaluated
      // when it loads, in one order. Lazily loaded sections used to register their style groups in whatever
      // order concurrent prerenders happened to reach them, so two builds of the same content differed.
      ssr: { build: { rolldownOptions: { output: { codeSplitting: false } } } },
    },
  }
})
