import type { SanityDocument } from '@site/content-api'

const CATEGORIES = ['Guide', 'Article', 'Training Guide']
/** The synthetic resources publish at /resources/bench-playbook-<n>. */
export const SYNTHETIC_PATH = '/resources/bench-playbook-'

const span = (key: string, text: string, marks: string[] = []) => ({ _type: 'span', _key: key, text, marks })
const block = (key: string, style: 'normal' | 'h2', children: ReturnType<typeof span>[]) => ({
  _type: 'block',
  _key: key,
  style,
  markDefs: [],
  children,
})

/**
 * `count` valid resource documents (every required field of packages/schemas' resource, with a body of
 * a few blocks and SEO copy), numbered so that ids, slugs and keys never clash with the seed's.
 */
export function syntheticResources(count: number): SanityDocument[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1
    const title = `Practice Growth Playbook No. ${n}: Winning Referrals in Month ${(n % 12) + 1}`
    return {
      _id: `resource.bench-${n}`,
      _type: 'resource',
      title,
      slug: { _type: 'slug', current: `${SYNTHETIC_PATH.slice('/resources/'.length)}${n}` },
      category: CATEGORIES[n % CATEGORIES.length] ?? 'Guide',
      description: `Synthetic benchmark resource ${n}: how advisors turn satisfied clients into a steady source of referrals.`,
      publishedAt: `2024-${String((n % 12) + 1).padStart(2, '0')}-01`,
      readTime: (n % 15) + 3,
      featured: false,
      gated: false,
      seo: {
        _type: 'seo',
        title: `Growth Playbook ${n} for Financial Advisors`,
        description: `Referral tactics for advisory practices, part ${n} of the benchmark library.`,
      },
      body: [
        block(`b${n}a`, 'normal', [
          span(`s${n}a`, 'Referrals remain the cheapest and warmest source of new clients for most practices.'),
        ]),
        block(`b${n}b`, 'h2', [span(`s${n}b`, 'Ask at the right moment')]),
        block(`b${n}c`, 'normal', [
          span(`s${n}c`, 'Timing:', ['strong']),
          span(`s${n}d`, ' ask right after a review meeting in which the client heard good news about their plan.'),
        ]),
        block(`b${n}d`, 'h2', [span(`s${n}e`, 'Make it easy to say yes')]),
        block(`b${n}e`, 'normal', [
          span(`s${n}f`, 'Offer a short, no-pressure introduction call and a page the client can forward.'),
        ]),
      ],
      callToAction: {
        _type: 'callToAction',
        heading: 'Grow With Us',
        text: 'We build the funnels and follow-up that turn introductions into booked consultations.',
        link: { _type: 'link', label: 'Book a Demo', href: '/contact' },
      },
    }
  })
}
