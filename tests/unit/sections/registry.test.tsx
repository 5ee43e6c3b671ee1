import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SECTION_TYPE_NAMES } from '@site/schemas'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Section } from '../../../apps/web/app/content/types'
import { sectionRegistry } from '../../../apps/web/app/sections/registry'
import { SectionList } from '../../../apps/web/app/sections/SectionList'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

const baseNames = (dir: string, extension: string) =>
  readdirSync(fileURLToPath(new URL(dir, import.meta.url)))
    .filter((file) => file.endsWith(extension) && file !== `index${extension}`)
    .map((file) => file.slice(0, -extension.length))
    .sort()

const pascal = (typeName: string) => typeName[0]!.toUpperCase() + typeName.slice(1)

describe('the section registry', () => {
  it('has exactly one component for every section type of the schema', () => {
    expect(Object.keys(sectionRegistry).sort()).toEqual([...SECTION_TYPE_NAMES].sort())
  })

  it('joins a schema file and a component file of the same name', async () => {
    const schemaFiles = baseNames('../../../packages/schemas/src/sections/', '.ts')
    const componentFiles = baseNames('../../../apps/web/app/sections/', '.tsx')
    expect(schemaFiles).toEqual([...SECTION_TYPE_NAMES].map(pascal).sort())
    for (const name of schemaFiles) expect(componentFiles).toContain(name)
    for (const [type, entry] of Object.entries(sectionRegistry)) {
      const component = await entry.component.preload()
      expect(component.name).toBe(pascal(type))
    }
  })
})

describe('SectionList', () => {
  it('skips an unknown section with a warning and renders the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const hero = await seedSection('/', 'heroSection')
    const unknown = { _type: 'carouselSection', _key: 'x1' } as unknown as Section
    renderWithTheme(<SectionList sections={[unknown, hero]} settings={await seedSettings()} />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(hero.heading!)
    expect(warn).toHaveBeenCalledWith('Skipping section 0 of unknown type "carouselSection"')
  })

  it('skips a section that fails to render and keeps the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const hero = await seedSection('/', 'heroSection')
    const broken = { ...(await seedSection('/', 'faqSection')), items: 'not a list' } as unknown as Section
    renderWithTheme(<SectionList sections={[hero, broken]} settings={await seedSettings()} />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(hero.heading!)
    await vi.waitFor(() =>
      expect(warn.mock.calls.some(([message]) => String(message).startsWith('Skipping section faqSection'))).toBe(true),
    )
  })
})
