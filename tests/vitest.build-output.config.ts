import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Checks of the built sites (apps/web/dist and apps/web/dist-preview): run by scripts/test-all.sh after
// both builds, not by `pnpm test:unit`, which runs before any build.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/build-output/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
})
