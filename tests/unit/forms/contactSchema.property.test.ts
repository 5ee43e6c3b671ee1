import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, contactSchema } from '../../../apps/web/app/forms/contact/contactSchema'
import { anyText, emailText, fieldText } from './arbitraries'
import { contactOracle, INTEREST_VALUES, type ContactFields } from './specOracle'

const contactInput: fc.Arbitrary<ContactFields> = fc.record({
  name: fieldText(100),
  email: emailText,
  phone: fieldText(20),
  company: fieldText(100),
  interest: fc.oneof(fc.constantFrom(...INTEREST_VALUES, ''), anyText(8), fc.constantFrom(' app', 'App', 'ALL')),
  message: fieldText(1000),
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
      { numRuns: 2_000 },
    )
    // Both outcomes must be well represented, or the property would prove little.
    expect(accepted).toBeGreaterThan(20)
    expect(rejected).toBeGreaterThan(200)
  })

  it('sends the name and e-mail trimmed and everything else exactly as typed', () => {
    fc.assert(
      fc.property(contactInput, (input) => {
        const result = contactSchema.safeParse(input)
        if (!result.success) return
        expect(result.data).toEqual({ ...input, name: input.name.trim(), email: input.email.trim() })
      }),
      { numRuns: 1_000 },
    )
  })
})
