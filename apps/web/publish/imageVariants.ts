import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageVariantStore, STATIC_IMAGE_PREFIX } from '../app/images/variantStore.server.ts'

const VARIANT = /\/assets\/images\/([A-Za-z0-9._-]+\.(?:avif|webp|jpg|png))/g

/** The image variants (`/assets/images/...`) a page's HTML names, sorted. */
export function variantsNamedIn(html: string): string[] {
  return [...new Set([...html.matchAll(VARIANT)].map((match) => match[1]!))].sort()
}

/** A variant's path in the site. */
export const variantPath = (name: string) => `${STATIC_IMAGE_PREFIX.slice(1)}${name}`

/**
 * Copies the image variants that pages name from the variant store (rendered there by the route loaders,
 * app/images/resolveImage.server.ts) into the site, those it does not have yet; returns their paths in the
 * site. Variants are named by a hash of what they are made from, so one that exists is the same file.
 */
export function copyImageVariants(siteDir: string, pages: Iterable<string>): string[] {
  const store = imageVariantStore()
  const copied: string[] = []
  for (const name of new Set([...pages].flatMap(variantsNamedIn))) {
    const path = variantPath(name)
    const to = join(siteDir, path)
    if (existsSync(to)) continue
    const from = join(store, name)
    if (!existsSync(from)) throw new Error(`The page names the image ${path}, which is not in ${store}`)
    mkdirSync(join(siteDir, STATIC_IMAGE_PREFIX), { recursive: true })
    copyFileSync(from, to)
    copied.push(path)
  }
  return copied.sort()
}

/** The HTML of the given files. */
export const readPages = (files: string[]) => files.map((file) => readFileSync(file, 'utf8'))
