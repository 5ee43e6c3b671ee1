import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, loadEnv } from 'vite'
import { assertNoSecretsInClientEnv } from './vite/assertNoSecretsInClientEnv.ts'
import { devRoutesFollowContent } from './vite/devRoutesFollowContent.ts'
import { eagerServerImports } from './vite/eagerServerImports.ts'
import { FIRST_LOAD_CHUNKS } from './vite/firstLoadChunks.ts'
import { keepServerBuild } from './vite/keepServerBuild.ts'
import { styledComponentsIds } from './vite/styledComponentsIds.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

export default defineConfig(({ mode }) => {
  // One .env at the repository root; loaders run in Node at build time and read SANITY_* from process.env.
  const fileEnv = loadEnv(mode, repoRoot, '')
  for (const [name, value] of Object.entries(fileEnv)) process.env[name] ??= value
  assertNoSecretsInClientEnv(process.env)
  return {
    envDir: repoRoot,
    plugins: [styledComponentsIds(), eagerServerImports(), keepServerBuild(), devRoutesFollowContent(), reactRouter()],
    ssr: { noExternal: ['styled-components'] },
    server: { port: 5173, strictPort: false },
    // What every page needs in a few files instead of a dozen: on a slow connection each costs a round trip.
    build: { rolldownOptions: { output: { codeSplitting: { groups: FIRST_LOAD_CHUNKS } } } },
    environments: {
      // The prerender's server bundle in one file: every module, and so every styled component, is evaluated
      // when it loads, in one order. Lazily loaded sections used to register their style groups in whatever
      // order concurrent prerenders happened to reach them, so two builds of the same content differed.
      ssr: { build: { rolldownOptions: { output: { codeSplitting: false } } } },
    },
  }
})
