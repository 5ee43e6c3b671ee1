import { CONTACT_FIELDS, contactSchema } from '@site/leads/schemas/contactSchema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildContactPayload } from '../../../apps/web/app/forms/contact/contactPayload'
import { postWebhook } from '../../../apps/web/app/forms/shared/postWebhook'
import { anyText, emailText, fieldText, hostileText, padded, validEmail, whitespaceOnly } from './arbitraries'
import { recordWebhookBodies } from './recordWebhookBodies'
import { type ContactFields, contactOracle, INTEREST_VALUES } from './specOracle'

const RUNS = 10_000

const contactInput: fc.Arbitrary<ContactFields> = fc.record({
  name: fieldText(100),
  email: emailText,
  phone: fieldText(20),
  company: fieldText(100),
  interest: fc.oneof(fc.constantFrom(...INTEREST_VALUES, ''), anyText(8), fc.constantFrom(' app', 'App', 'ALL')),
  message: fieldText(1000),
})

/** Inputs of the kind that pass: every field within its rule, much of it markup, emoji or right-to-left text. */
const passingInput: fc.Arbitrary<ContactFields> = fc.record({
  name: padded(hostileText(3)),
  email: padded(validEmail),
  phone: fc.oneof(hostileText(2), fc.constant(''), whitespaceOnly(5)),
  company: fc.oneof(hostileText(3), fc.constant('')),
  interest: fc.constantFrom(...INTEREST_VALUES),
  message: fc.oneof(hostileText(30), fc.constant(''), whitespaceOnly()),
})

/** The first message zod gives for each field, as the form would show it. */
function schemaMessages(input: ContactFields) {
  const result = contactSchema.safeParse(input)
  const messages = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, null as string | null]))
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0])
    messages[field] ??= issue.message
  }
  return { success: result.success, messages }
}

describe('the contact schema agrees with SPEC section 5', () => {
  it('accepts exactly the inputs the rules accept, with the specified message for each field', () => {
    let accepted = 0
    let rejected = 0
    fc.assert(
      fc.property(contactInput, (input) => {
        const expected = contactOracle(input)
        const { success, messages } = schemaMessages(input)
        const oracleAccepts = Object.values(expected).every((message) => message === null)
        if (oracleAccepts) accepted++
        else rejected++
        expect(success).toBe(oracleAccepts)
        expect(messages).toEqual(expected)
      }),
      { numRuns: RUNS },
    )
    // Both outcomes must be well represented, or the property would prove little.
    expect(accepted).toBeGreaterThan(100)
    expect(rejected).toBeGreaterThan(1_000)
  })

  it('never throws, whatever it is given', () => {
    const anyField = fc.oneof(fc.anything(), fieldText(100))
    const anyInput = fc.oneof(
      fc.anything(),
      fc.record(
        { name: anyField, email: anyField, phone: anyField, company: anyField, interest: anyField, message: anyField },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = contactSchema.safeParse(input)
        if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0)
      }),
      { numRuns: RUNS },
    )
  })
})

describe('a contact submission reaches the webhook exactly as typed', () => {
  it('the schema trims the name and e-mail and passes everything else through unchanged', () => {
    fc.assert(
      fc.property(contactInput, (input) => {
        const result = contactSchema.safeParse(input)
        if (!result.success) return
        expect(result.data).toEqual({ ...input, name: input.name.trim(), email: input.email.trim() })
      }),
      { numRuns: RUNS },
    )
  })

  it('the JSON body holds each field as a string equal to the input, trimmed only where SPEC trims', async () => {
    const bodies = recordWebhookBodies()
    const timestamp = '2025-03-04T05:06:07.089Z'
    await fc.assert(
      fc.asyncProperty(passingInput, async (input) => {
        const values = contactSchema.safeParse(input)
        fc.pre(values.success)
        bodies.length = 0
        await postWebhook('https://hooks.example.test/contact', buildContactPayload(values.data!, timestamp))
        expect(bodies).toHaveLength(1)
        const body = bodies[0]
        expect(typeof body).toBe('string')
        const sent: unknown = JSON.parse(String(body))
        // Same keys in the same order, same strings: nothing escaped, stripped, normalised or evaluated.
        expect(sent).toStrictEqual({
          name: input.name.trim(),
          email: input.email.trim(),
          phone: input.phone,
          company: input.company,
          interest: input.interest,
          message: input.message,
          timestamp,
          source: 'advisorgrowth-website',
        })
        expect(Object.keys(sent as object)).toEqual([
          'name',
          'email',
          'phone',
          'company',
          'interest',
          'message',
          'timestamp',
          'source',
        ])
      }),
      { numRuns: RUNS },
    )
  })
})
