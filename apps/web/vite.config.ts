import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, loadEnv } from 'vite'
import { styledComponentsIds } from './vite/styledComponentsIds.ts'
import { assertNoSecretsInClientEnv } from './vite/assertNoSecretsInClientEnv.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

// What every page needs to hydrate, in two files instead of a dozen small ones: on a slow mobile
// connection each file costs a round trip. Section and form code stays in lazy chunks of its own.
const FIRST_LOAD_CHUNKS = [
  { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|styled-components|stylis|@emotion[\\/]is-prop-valid|@emotion[\\/]memoize)[\\/]/ },
  {
    name: 'site',
    test: /apps[\\/]web[\\/]app[\\/](theme|config|islands|layout|pages[\\/]NotFoundPage|sections[\\/](SectionList|registry)|components[\\/](Container|SmartLink|Button))\b|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|defaultAttributes|context|shared)|vite[\\/]preload-helper/,
  },
]

export default defineConfig(({ mode }) => {
  // One .env at the repository root; loaders run in Node at build time and read SANITY_* from process.env.
  const fileEnv = loadEnv(mode, repoRoot, '')
  for (const [name, value] of Object.entries(fileEnv)) process.env[name] ??= value
  assertNoSecretsInClientEnv(process.env)
  return {
    envDir: repoRoot,
    plugins: [styledComponentsIds(), reactRouter()],
    ssr: { noExternal: ['styled-components'] },
    server: { port: 5173, strictPort: false },
    build: { rolldownOptions: { output: { codeSplitting: { groups: FIRST_LOAD_CHUNKS } } } },
  }
})
