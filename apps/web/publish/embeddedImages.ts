import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { assetsDirFor, seedFilePath } from '@site/content-api'

/**
 * Images uploaded in the local Studio are stored beside the embedded dataset (`content/assets/images/...`),
 * and their asset documents give a site-relative URL, `/images/<project>/<dataset>/<file>`, the path Sanity's
 * CDN uses. The site serves that folder at `/images`: the dev server from the folder, the build by copying
 * it. With a hosted Sanity project there is none: an asset's URL is on Sanity's CDN.
 */
export function embeddedImagesDir(): string | undefined {
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
