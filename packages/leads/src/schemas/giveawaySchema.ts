import { z } from '../zod'

/**
 * What a browser accepts in an `<input type="email">` (the HTML standard's "valid e-mail address"): the
 * giveaway form leaves its checks to the browser (SPEC section 5), so the server applies the same rule.
 */
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** A field the browser requires: something other than white space, sent as typed. */
const required = z
  .string()
  .refine((value) => value.trim() !== '', { error: 'This field is required' })
  .max(1000)

/** The giveaway entry's rules (SPEC section 5): the five text fields required, the opt-in ticked. */
export const giveawaySchema = z.object({
  fullName: required,
  email: required.pipe(z.string().regex(HTML_EMAIL, { error: 'Invalid email address' })),
  phone: required,
  company: required,
  title: required,
  optIn: z.literal(true, { error: 'Please agree to receive follow-up communications to enter the giveaway.' }),
})
