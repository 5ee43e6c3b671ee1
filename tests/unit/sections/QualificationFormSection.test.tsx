import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { screen } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { QualificationFormSection } from '../../../apps/web/app/sections/QualificationFormSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('QualificationFormSection', () => {
  let section: SectionOf<'qualificationFormSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/qualify', 'qualificationFormSection')
    settings = await seedSettings()
  })
  beforeEach(() => sessionStorage.clear())

  it('shows the CMS heading (the page h1) and text, then loads the questionnaire at question 1', async () => {
    renderWithTheme(<QualificationFormSection section={section} settings={settings} isPageHeading />, {
      path: '/qualify',
    })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('See If You Qualify for Exclusive Appointments')
    expect(screen.getByText(section.text!)).toBeInTheDocument()
    expect(await screen.findByText('Question 1 of 10', {}, { timeout: 30_000 })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: "What's your first name?" })).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1')
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
  })

  it('uses an h2 when another section holds the page heading', async () => {
    renderWithTheme(<QualificationFormSection section={section} settings={settings} isPageHeading={false} />, {
      path: '/qualify',
    })
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(section.heading!)
    expect(await screen.findByText('Question 1 of 10', {}, { timeout: 30_000 })).toBeInTheDocument()
  })

  it('loads the form libraries lazily: the section module imports none of them', () => {
    const here = dirname(fileURLToPath(import.meta.url))
    const source = readFileSync(resolve(here, '../../../apps/web/app/sections/QualificationFormSection.tsx'), 'utf8')
    const staticImports = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1])
    expect(staticImports).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/react-hook-form|zod|sonner|forms\//)]),
    )
    expect(source).toMatch(/lazyDefault\(\(\) =>\s*import\('\.\.\/forms\/qualification\/QualificationForm'\)/)
  })
})
