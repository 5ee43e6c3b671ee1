import { readFileSync } from 'node:fs'
import { parseNdjson, runQuery } from '@site/content-api'

// The sections that render a lead form (and its notifications): apps/web/app/pages/SectionPage.tsx.
const FORM_SECTIONS = ['contactFormSection', 'qualificationFormSection', 'giveawayFormSection', 'guideOfferSection']

const FORM_ROUTES_QUERY = `{
  "pages": *[_type == "page" && count(sections[_type in $formSections]) > 0].path.current,
  "resources": *[_type == "resource" && gated == true].slug.current
}`

/** The routes whose content shows a lead form: the only routes that may load the form libraries. */
export async function listFormRoutes(seedFile: string): Promise<string[]> {
  const documents = parseNdjson(readFileSync(seedFile, 'utf8'), seedFile)
  const result = await runQuery(documents, FORM_ROUTES_QUERY, { formSections: FORM_SECTIONS })
  if (typeof result !== 'object' || result === null || !('pages' in result) || !('resources' in result)) return []
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  return [...strings(result.pages), ...strings(result.resources).map((slug) => `/resources/${slug}`)].sort()
}
