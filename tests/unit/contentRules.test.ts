import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { schemaTypes } from '@site/schemas'
import { describeContentRules, renderContentRulesModule } from '@site/schemas/describeContentRules'
import { defineField, type SchemaTypeDefinition } from 'sanity'
import { describe, expect, it } from 'vitest'
import { getContentClient } from '../../apps/web/app/content/client.server'
import { ROUTE_QUERY } from '../../apps/web/app/content/queries'
import { contentSchemas } from '../../apps/web/app/content/validation/documents'
import { PARSE_OPTIONS } from '../../apps/web/app/content/validation/problems'

describe('the content rules the site checks content with', () => {
  it('are what the schema generates (pnpm typegen rewrites them)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../packages/schemas/src/rules/generated.ts'), 'utf8')
    expect(committed).toBe(renderContentRulesModule(describeContentRules(schemaTypes)))
  })
})

/** The schema with one field of one type replaced, as a developer would edit it. */
function schemaWith(typeName: string, field: ReturnType<typeof defineField>): SchemaTypeDefinition[] {
  return schemaTypes.map((type) => {
    if (type.name !== typeName || !('fields' in type) || !Array.isArray(type.fields)) return type
    const fields: unknown[] = type.fields.map((existing: { name: string }) =>
      existing.name === field.name ? field : existing,
    )
    return { ...type, fields } as SchemaTypeDefinition
  })
}

/** What the site says about the home page's content under the rules of `types`: its problems, or none. */
async function homeProblems(types: SchemaTypeDefinition[]): Promise<string[]> {
  const raw = await (await getContentClient()).fetch(ROUTE_QUERY, { path: '/' })
  const { routeContent } = contentSchemas(describeContentRules(types))
  const result = routeContent.safeParse(raw, PARSE_OPTIONS)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('a rule changed in the schema changes what the site accepts, with no other edit', () => {
  const hero = ['page', 'sections', 0]

  it('the seed passes the schema as it is', async () => {
    expect(await homeProblems(schemaTypes)).toEqual([])
  })

  it('a field made required', async () => {
    const badge = defineField({ name: 'badge', type: 'string', validation: (rule) => rule.required() })
    expect(await homeProblems(schemaWith('heroSection', badge))).toEqual([`${hero.join('.')}.badge: Required`])
  })

  it('an option list without the value the page uses', async () => {
    const align = defineField({ name: 'align', type: 'string', options: { list: ['left'] } })
    expect(await homeProblems(schemaWith('heroSection', align))).toEqual([
      `${hero.join('.')}.align: Invalid input: expected "left"`,
    ])
  })

  it('a pattern the heading does not match', async () => {
    const heading = defineField({
      name: 'heading',
      type: 'string',
      validation: (rule) => rule.required().regex(/^[^A-Z]*$/, 'lowercase'),
    })
    expect(await homeProblems(schemaWith('heroSection', heading))).toEqual([
      `${hero.join('.')}.heading: Does not match "lowercase"-pattern`,
    ])
  })

  it('a maximum length', async () => {
    const heading = defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required().max(20) })
    expect(await homeProblems(schemaWith('heroSection', heading))).toEqual([
      `${hero.join('.')}.heading: Too big: expected string to have <=20 characters`,
    ])
  })

  it('an initial value fills in a field the content leaves empty', async () => {
    const badge = defineField({ name: 'badge', type: 'string', initialValue: 'New' })
    const raw = await (await getContentClient()).fetch(ROUTE_QUERY, { path: '/' })
    const { routeContent } = contentSchemas(describeContentRules(schemaWith('heroSection', badge)))
    const sections = routeContent.parse(raw, PARSE_OPTIONS).page?.sections ?? []
    expect(sections[0]).toMatchObject({ _type: 'heroSection', badge: 'New' })
  })
})
