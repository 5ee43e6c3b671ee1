import { cpSync, rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { serverBuildCopyDir } from '../publish/publishState.ts'

/**
 * React Router deletes the prerender's server bundle at the end of a static (`ssr: false`) build. This
 * copies it first beside the build (publish/publishState.ts), where `publish:changed`
 * prerenders the routes a content change touches with the same code the full build used.
 */
export function keepServerBuild(): Plugin {
  return {
    name: 'keep-server-build-for-publisher',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    writeBundle: {
      // Before React Router's own writeBundle, which prerenders and then removes the bundle.
      order: 'pre',
      sequential: true,
      handler() {
        const { root, build } = this.environment.config
        const serverDir = resolve(root, build.outDir)
        const copy = serverBuildCopyDir(dirname(serverDir))
        rmSync(copy, { recursive: true, force: true })
        cpSync(serverDir, copy, { recursive: true })
      },
    },
  }
}
