import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { styledComponentsIds } from '../apps/web/vite/styledComponentsIds.ts'

const unit = (file: string) => fileURLToPath(new URL(`unit/${file}`, import.meta.url))

/**
 * The unit tests in two projects: components (`*.test.tsx`) render into jsdom; everything else runs in Node,
 * which starts each file without building a DOM (a `.ts` test that needs one says `@vitest-environment jsdom`).
 */
export default defineConfig({
  plugins: [styledComponentsIds()],
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Worker threads start faster than forked processes: 219 s against 276 s for the suite on this machine.
    pool: 'threads',
    // A worker runs its files one after another in one module graph and one jsdom, rather than a new one per
    // file: 57-64 s against 107 s for the suite on a quiet machine. Each file starts with empty storage
    // (setupDom.ts), no test's stubbed variable or global outlives it (setup.ts), and a test that needs a page
    // load's fresh module state imports the modules after vi.resetModules().
    isolate: false,
    restoreMocks: true,
    // A bound for a test that hangs, not a speed check: a jsdom render of a whole route took 12-37 s with the
    // machine's two cores at load 18 (a full run beside the Studio's and the lead tests), and 20 s failed them.
    testTimeout: 60_000,
    // A set-up that starts a client or reads the dataset waits on the same loaded cores (previewStega's took more
    // than 10 s, the default, when the unit step ran beside the Studio's and the lead tests and other work).
    hookTimeout: 60_000,
    // A poll waits for a state, not for a time: vitest's 1 s default is shorter than a loaded machine needs.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: [unit('setup.ts'), unit('setupDom.ts')],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: [unit('setup.ts')],
        },
      },
    ],
  },
})
