import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderContentModelDoc } from '@site/schemas/contentModelDoc'
import { describe, expect, it } from 'vitest'

const committedDoc = () => readFileSync(join(import.meta.dirname, '../../docs/content-model.md'), 'utf8')

describe('docs/content-model.md', () => {
  it('is what the schema generates (pnpm typegen rewrites it)', () => {
    expect(committedDoc()).toBe(renderContentModelDoc())
  })

  it('reads the rules, option lists and initial values from the schema', () => {
    const doc = renderContentModelDoc()
    expect(doc).toContain(
      '| `tone` | Colour | string, one of `brand`, `light` | required; initially `"brand"` | Brand: coloured background. Light: plain background. |',
    )
    expect(doc).toContain('| `testimonials` | Testimonials | array of reference to testimonial |')
  })
})
