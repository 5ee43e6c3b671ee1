import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, extname, join, relative, sep } from 'node:path'
import { assetsDirFor, IMAGE_TYPES, seedFilePath } from '@site/content-api'

/**
 * Images uploaded in the local Studio are stored beside the embedded dataset (`content/assets/images/...`),
 * and their asset documents give a site-relative URL, `/images/<project>/<dataset>/<file>`, the path Sanity's
 * CDN uses. The site serves that folder at `/images`: the dev server from the folder, the build by copying
 * it. With a hosted Sanity project there is none: an asset's URL is on Sanity's CDN.
 */
function embeddedImagesDir(): string | undefined {
  if (process.env.SANITY_PROJECT_ID) return undefined
  const dir = join(assetsDirFor(seedFilePath()), 'images')
  return existsSync(dir) ? dir : undefined
}

/** Copies the uploaded images the site does not have yet into it; returns their paths in the site. */
export function copyEmbeddedImages(siteDir: string): string[] {
  const source = embeddedImagesDir()
  if (!source) return []
  const copied: string[] = []
  for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' })) {
    const from = join(source, file)
    const path = join('images', file)
    const to = join(siteDir, path)
    if (!statSync(from).isFile() || existsSync(to)) continue
    mkdirSync(dirname(to), { recursive: true })
    copyFileSync(from, to)
    copied.push(path.split(sep).join('/'))
  }
  return copied.sort()
}

/** The uploaded image at a path under `/images` (as the dev server receives it), with its content type. */
export function embeddedImage(pathUnderImages: string): { file: string; type: string } | undefined {
  const dir = embeddedImagesDir()
  if (!dir) return undefined
  const file = join(dir, decodeURIComponent(pathUnderImages.split('?')[0] ?? ''))
  const type = IMAGE_TYPES[extname(file).slice(1)]
  if (!type || relative(dir, file).startsWith('..') || !existsSync(file)) return undefined
  return { file, type }
}
