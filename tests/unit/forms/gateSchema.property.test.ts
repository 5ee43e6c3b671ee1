import { gateSchema } from '@site/leads/schemas/gateSchema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emailText, fieldText } from './arbitraries'
import { type GateFields, gateOracle, isEmailAddress } from './specOracle'

const RUNS = 10_000

const gateInput: fc.Arbitrary<GateFields> = fc.record({
  name: fieldText(100),
  email: emailText,
  phone: fieldText(20),
})

describe('the guide-access schema agrees with SPEC section 5', () => {
  it('accepts exactly the inputs the rules accept, with the specified message under each field', () => {
    let accepted = 0
    let rejected = 0
    fc.assert(
      fc.property(gateInput, (input) => {
        const expected = gateOracle(input)
        const result = gateSchema.safeParse(input)
        const messages: Record<string, string | null> = { name: null, email: null, phone: null }
        for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message
        const oracleAccepts = Object.values(expected).every((message) => message === null)
        if (oracleAccepts) accepted++
        else rejected++
        expect(result.success).toBe(oracleAccepts)
        expect(messages).toEqual(expected)
        if (result.success)
          expect(result.data).toEqual({ name: input.name.trim(), email: input.email.trim(), phone: input.phone.trim() })
      }),
      { numRuns: RUNS },
    )
    expect(accepted).toBeGreaterThan(100)
    expect(rejected).toBeGreaterThan(1_000)
  })

  it('never throws, whatever it is given', () => {
    const anyField = fc.oneof(fc.anything(), fieldText(100))
    const anyInput = fc.oneof(
      fc.anything(),
      fc.record({ name: anyField, email: anyField, phone: anyField }, { requiredKeys: [] }),
    )
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = gateSchema.safeParse(input)
        if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0)
      }),
      { numRuns: RUNS },
    )
  })
})

describe('the e-mail rule of the oracle', () => {
  it.each([
    ['jane@practice.com', true],
    ["o'brien+news@mail.example.co", true],
    ['a.b-c_d@x-y.io', true],
    ["jane'@practice.com", false],
    ['.jane@practice.com', false],
    ['jane.@practice.com', false],
    ['ja..ne@practice.com', false],
    ['jane@practice', false],
    ['jane@-practice.com', false],
    ['jane@practice.c', false],
    ['jane@practice.c0m', false],
    ['jane@@practice.com', false],
    ['jané@practice.com', false],
    ['jane @practice.com', false],
  ])('%s is %s', (address, valid) => {
    expect(isEmailAddress(address)).toBe(valid)
    expect(gateSchema.shape.email.safeParse(address).success).toBe(valid)
  })
})
