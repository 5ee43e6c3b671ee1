import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { styledComponentsIds } from '../apps/web/vite/styledComponentsIds.ts'

export default defineConfig({
  plugins: [styledComponentsIds()],
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
})
