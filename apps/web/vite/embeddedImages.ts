import { createReadStream, existsSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { isRunnableDevEnvironment, type Plugin } from 'vite'

type FolderModule = typeof import('../publish/embeddedImages.ts')

const MIME_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
}

/** The dev server's `/images`: the uploaded images, read from their folder on each request. */
export function embeddedImages(): Plugin {
  return {
    name: 'embedded-images',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/images', async (request, response, next) => {
        // Through the dev server's module runner: the content packages are TypeScript, which this config cannot import.
        const ssr = server.environments.ssr
        if (!isRunnableDevEnvironment(ssr)) return next()
        const { embeddedImagesDir } = await ssr.runner.import<FolderModule>('/publish/embeddedImages.ts')
        const source = embeddedImagesDir()
        const file = source && join(source, decodeURIComponent((request.url ?? '').split('?')[0] ?? ''))
        const type = file && MIME_TYPES[extname(file)]
        if (!source || !file || !type || relative(source, file).startsWith('..') || !existsSync(file)) return next()
        response.setHeader('content-type', type)
        createReadStream(file).pipe(response)
      })
    },
  }
}
