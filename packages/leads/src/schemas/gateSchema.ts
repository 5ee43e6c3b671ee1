import { FIELD_LIMITS } from '../limits'
import { requiredName, validEmail } from '../validation'
import { z } from '../zod'

/** The guide-access form's rules (SPEC section 5); every field is sent trimmed. */
export const gateSchema = z.object({
  name: requiredName,
  email: validEmail,
  phone: z
    .string()
    .trim()
    .min(1, 'Phone number is required')
    .max(FIELD_LIMITS.phone, `Phone number must be less than ${FIELD_LIMITS.phone} characters`),
})

export type GateInput = z.input<typeof gateSchema>
export type GateValues = z.output<typeof gateSchema>
