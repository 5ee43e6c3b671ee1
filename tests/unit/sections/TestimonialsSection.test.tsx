import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SectionOf, SiteSettings } from '../../../apps/web/app/content/types'
import { TestimonialsSection } from '../../../apps/web/app/sections/TestimonialsSection'
import { renderWithTheme } from '../support/render'
import { seedSection, seedSettings } from '../support/seed'

describe('TestimonialsSection', () => {
  let section: SectionOf<'testimonialsSection'>
  let settings: SiteSettings
  beforeAll(async () => {
    section = await seedSection('/', 'testimonialsSection')
    settings = await seedSettings()
  })

  it('shows each referenced testimonial as a figure: metric, label, quote in a blockquote, role as caption', () => {
    const { container } = renderWithTheme(
      <TestimonialsSection section={section} settings={settings} isPageHeading={false} />,
    )
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Advisors and Agents Growing With Us')
    const figures = screen.getAllByRole('figure')
    expect(figures).toHaveLength(3)
    section.testimonials!.forEach((testimonial, index) => {
      const figure = within(figures[index]!)
      expect(figure.getByText(testimonial.metric!)).toBeInTheDocument()
      expect(figure.getByText(testimonial.label!)).toBeInTheDocument()
      expect(figures[index]!.querySelector('blockquote')).toHaveTextContent(testimonial.quote!)
      expect(figures[index]!.querySelector('figcaption')).toHaveTextContent(testimonial.role!)
    })
    expect(container.querySelectorAll('blockquote')).toHaveLength(3)
    expect(screen.getByText('5X')).toBeInTheDocument()
    expect(screen.getByText('$2M+')).toBeInTheDocument()
  })
})
