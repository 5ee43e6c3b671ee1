import { createReadStream, existsSync } from 'node:fs'
import { join } from 'node:path'
import { isRunnableDevEnvironment, type Plugin } from 'vite'

type FolderModule = typeof import('../publish/embeddedImages.ts')
type StoreModule = typeof import('../app/images/variantStore.server.ts')

const VARIANT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' }

/**
 * The dev server's `/images`: the uploaded images, read from their folder on each request; and
 * `/assets/images`: the variants the route loaders rendered into the variant store, as the build copies them.
 */
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
      server.middlewares.use('/assets/images', async (request, response, next) => {
        const ssr = server.environments.ssr
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? ''
        const type = VARIANT_TYPES[name.split('.').pop() ?? '']
        if (!isRunnableDevEnvironment(ssr) || !type || !/^[\w.-]+$/.test(name)) return next()
        const { imageVariantStore } = await ssr.runner.import<StoreModule>('/app/images/variantStore.server.ts')
        const file = join(imageVariantStore(), name)
        if (!existsSync(file)) return next()
        response.setHeader('content-type', type)
        createReadStream(file).pipe(response)
      })
    },
  }
}
