/**
 * Writes the seed with a content change of each kind the incremental publisher handles, for the
 * `npm test` step that compares `publish:changed` with a full build: a testimonial shown on several
 * pages, a page's text, an article moved to a new address with the redirect the Studio adds for it
 * (apps/studio/actions/publishWithRedirect.ts), a new article, and another hero image (the build renders
 * its variants; the old one's are no page's any more, and go). Prints the changed ids, the
 * testimonial first. With a second file, writes there the same content before the testimonial changed.
 * Usage: tsx tests/tools/changedSeed.ts <output.ndjson> [<before-the-testimonial.ndjson>]
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { parseNdjson, type SanityDocument, seedFilePath } from '@site/content-api'

const [output, beforeTestimonial] = process.argv.slice(2)
if (!output) throw new Error('Usage: tsx tests/tools/changedSeed.ts <output.ndjson>')
const documents = parseNdjson(readFileSync(seedFilePath(), 'utf8'))
const byId = (id: string): SanityDocument => {
  const document = documents.find(({ _id }) => _id === id)
  if (!document) throw new Error(`The seed has no ${id}`)
  return document
}

const testimonial = structuredClone(byId('testimonial.1'))
byId('testimonial.1').quote = 'Every meeting on my calendar is mine alone, and the prospects already know why.'
const about = byId('page.about')
if (!Array.isArray(about.sections)) throw new Error('page.about has no sections')
Object.assign(about.sections[0] as object, { heading: 'We Help Financial Professionals Grow', highlight: 'Grow' })
byId('resource.scaling-guide').slug = { _type: 'slug', current: 'scaling-your-practice' }
documents.push({
  _id: 'redirect.scaling-guide',
  _type: 'redirect',
  from: '/resources/scaling-guide',
  to: '/resources/scaling-your-practice',
  permanent: true,
})
const giveaway = byId('page.conference-giveaway')
const hero = (giveaway.sections as Array<{ _type: string; backgroundImage?: object }>).find(
  (section) => section._type === 'heroSection' && section.backgroundImage,
)
if (!hero) throw new Error('page.conference-giveaway has no hero image')
hero.backgroundImage = { _type: 'imageAsset', src: '/og-default.png', alt: 'AdvisorGrowth' }
documents.push({
  ...structuredClone(byId('resource.marketing-automation')),
  _id: 'resource.publish-check',
  title: 'Published Without a Full Build',
  slug: { _type: 'slug', current: 'published-without-a-full-build' },
})

const write = (file: string, content: SanityDocument[]) =>
  writeFileSync(file, `${content.map((document) => JSON.stringify(document)).join('\n')}\n`)
write(output, documents)
if (beforeTestimonial)
  write(
    beforeTestimonial,
    documents.map((document) => (document._id === testimonial._id ? testimonial : document)),
  )
console.log(
  'testimonial.1 page.about resource.scaling-guide redirect.scaling-guide resource.publish-check page.conference-giveaway',
)
