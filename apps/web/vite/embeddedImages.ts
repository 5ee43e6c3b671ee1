import { createReadStream } from 'node:fs'
import { isRunnableDevEnvironment, type Plugin } from 'vite'

type FolderModule = typeof import('../publish/embeddedImages.ts')

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
        const { embeddedImage } = await ssr.runner.import<FolderModule>('/publish/embeddedImages.ts')
        const image = embeddedImage(request.url ?? '')
        if (!image) return next()
        response.setHeader('content-type', image.type)
        createReadStream(image.file).pipe(response)
      })
    },
  }
}
