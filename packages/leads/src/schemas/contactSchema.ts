import { FIELD_LIMITS } from '../limits'
import { requiredName, validEmail } from '../validation'
import { z } from '../zod'

/** The interest options (SPEC section 3): the value sent, and the label shown. */
export const INTEREST_OPTIONS = [
  { value: 'app', label: 'Sales Enablement App' },
  { value: 'funnels', label: 'Marketing Funnels' },
  { value: 'ads', label: 'Ad Management' },
  { value: 'all', label: 'All Solutions' },
  { value: 'other', label: 'General Inquiry' },
] as const

const INTEREST_VALUES = ['app', 'funnels', 'ads', 'all', 'other'] as const

const interestChoice = z.string().pipe(z.enum(INTEREST_VALUES, { error: 'Please select an option' }))

/** The contact form's rules (SPEC section 5); name and email are sent trimmed, the rest as typed. */
export const contactSchema = z.object({
  name: requiredName,
  email: validEmail,
  phone: z.string().max(FIELD_LIMITS.phone, `Phone must be less than ${FIELD_LIMITS.phone} characters`),
  company: z.string().max(FIELD_LIMITS.company, `Company name must be less than ${FIELD_LIMITS.company} characters`),
  interest: interestChoice,
  message: z.string().max(FIELD_LIMITS.message, `Message must be less than ${FIELD_LIMITS.message} characters`),
})

/**
 * The rules of a contact form that leaves the interest question out (an editor may, on a campaign page): the
 * lead's interest is sent empty, so the payload keeps the spec's keys.
 */
const contactSchemaWithoutInterest = contactSchema.extend({ interest: z.literal('') })

/** The interest a lead may carry: one of the options, or empty from a form that does not ask. */
export const interestAnswer = z.union([interestChoice, z.literal('')], { error: 'Please select an option' })

export type ContactInput = z.input<typeof contactSchema>
export type ContactValues = z.output<typeof contactSchema> | z.output<typeof contactSchemaWithoutInterest>

/** The rules of a contact form that asks the interest question (the spec's /contact), or leaves it out. */
export function contactRules(asksInterest: boolean): z.ZodType<ContactValues, ContactInput> {
  return asksInterest ? contactSchema : contactSchemaWithoutInterest
}

/** The order the fields appear in, which decides which error the toast reports first. */
export const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'interest',
  'message',
] as const satisfies ReadonlyArray<keyof ContactValues>
