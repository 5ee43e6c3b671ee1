import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { vercelStegaDecode } from '@vercel/stega'
import { describe, expect, it } from 'vitest'
import { filesUnder, PREVIEW, PRODUCTION, read, requireBuild } from './support/builtSite'

// How @vercel/stega hides data: runs of zero-width characters (U+200B–U+200D, U+FEFF).
// biome-ignore lint/suspicious/noMisleadingCharacterClass: single code points, deliberately, not a joined sequence
const STEGA_RUN = /[\u200b\u200c\u200d\ufeff]{4,}/u
// Message names of the Studio connection: one from @sanity/visual-editing's overlays, one from live mode.
const VISUAL_EDITING_MARKERS = ['visual-editing/focus', 'loader/query-listen']

const textFiles = (dir: string) =>
  filesUnder(dir).filter((file) => /\.(html|data|js|json|xml|txt)$/.test(file) || file.endsWith('_headers'))
const textOf = (html: string) => html.replace(/<[^>]+>/g, '')

describe('preview build (apps/web/dist-preview)', () => {
  it('hides edit links in copy: the home hero heading names the home page and its field', () => {
    requireBuild(PREVIEW, 'pnpm preview:build')
    const html = read(join(PREVIEW, 'index.html'))
    const heading = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '')
    expect(heading).toMatch(STEGA_RUN)
    const link = new URL(vercelStegaDecode<{ href: string }>(heading)!.href)
    expect(link.searchParams.get('id')).toBe('page.home')
    expect(link.searchParams.get('type')).toBe('page')
    expect(link.searchParams.get('path')).toMatch(/^sections\[_key=="[^"]+"\]\.heading$/)
  })

  it('keeps the head clean: title, description and structured data carry no stega', () => {
    for (const file of filesUnder(PREVIEW).filter((name) => name.endsWith('.html'))) {
      const head = read(file).split('</head>')[0] ?? ''
      expect(STEGA_RUN.test(head), file).toBe(false)
    }
  })

  it('gives every section of a page a data-sanity attribute naming the page and the section', () => {
    const html = read(join(PREVIEW, 'index.html'))
    const attributes = [...html.matchAll(/data-sanity="([^"]+)"/g)].map((match) => match[1])
    expect(attributes.length).toBeGreaterThan(3)
    for (const attribute of attributes) expect(attribute).toMatch(/^id=page\.home;type=page;path=sections:[^;]+/)
  })

  it('keeps search engines out (it shows drafts) and has no sitemap', () => {
    expect(read(join(PREVIEW, 'robots.txt'))).toBe('User-agent: *\nDisallow: /\n')
    expect(existsSync(join(PREVIEW, 'sitemap.xml'))).toBe(false)
    expect(read(join(PREVIEW, '_headers'))).toContain('/*\n  X-Robots-Tag: noindex, nofollow\n')
    expect(read(join(PRODUCTION, '_headers'))).not.toContain('X-Robots-Tag')
  })

  it('ships the visual-editing and live-mode code in lazily loaded chunks only', () => {
    const chunks = filesUnder(join(PREVIEW, 'assets')).filter((file) => file.endsWith('.js'))
    for (const marker of VISUAL_EDITING_MARKERS) {
      expect(
        chunks.some((file) => read(file).includes(marker)),
        marker,
      ).toBe(true)
    }
    const html = read(join(PREVIEW, 'index.html'))
    const eagerScripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!)
    for (const script of eagerScripts) {
      const code = read(join(PREVIEW, script))
      for (const marker of VISUAL_EDITING_MARKERS)
        expect(code.includes(marker), `${script} loads with the page`).toBe(false)
    }
  })
})

describe('production build (apps/web/dist)', () => {
  it('has no stega characters in any page, data file or script', () => {
    requireBuild(PRODUCTION, 'pnpm build')
    const withStega = textFiles(PRODUCTION).filter((file) => STEGA_RUN.test(read(file)))
    expect(withStega).toEqual([])
  })

  it('has no data-sanity attributes and no visual-editing code', () => {
    const files = textFiles(PRODUCTION)
    expect(files.filter((file) => read(file).includes('data-sanity'))).toEqual([])
    for (const marker of VISUAL_EDITING_MARKERS) {
      expect(
        files.filter((file) => read(file).includes(marker)),
        marker,
      ).toEqual([])
    }
  })

  it('carries no preview context in its route data', () => {
    const dataFiles = textFiles(PRODUCTION).filter((file) => file.endsWith('.data'))
    expect(dataFiles.length).toBeGreaterThan(0)
    expect(dataFiles.filter((file) => read(file).includes('studioUrl'))).toEqual([])
  })
})
