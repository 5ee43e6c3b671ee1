import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const web = fileURLToPath(new URL('../../../apps/web/', import.meta.url))
export const PRODUCTION = join(web, 'dist')
export const PREVIEW = join(web, 'dist-preview')
/** The VITE_LEAD_DELIVERY=direct build of the browser tests' direct project. */
export const DIRECT = join(web, 'dist-direct')

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

export const read = (file: string) => readFileSync(file, 'utf8')

export function requireBuild(dir: string, command: string) {
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`${dir} is missing: run ${command} first (scripts/test-all.sh does)`)
}

/** Every HTML document of a build, with the route it serves (`/about` for `about/index.html`). */
export function htmlDocuments(dir: string): { file: string; route: string }[] {
  return filesUnder(dir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const path = relative(dir, file).replace(/\\/g, '/')
      const route = `/${path.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`
      return { file, route }
    })
    .sort((a, b) => a.route.localeCompare(b.route))
}
