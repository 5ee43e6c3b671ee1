import type { SeenVariant } from './experiments'
import { z } from './zod'

/** The rules of a variant a visitor saw (experiments.ts), for the server's checks of events and attribution. */
export const seenVariantSchema = z
  .object({
    experiment: z
      .string()
      .max(200)
      .regex(/^[a-z0-9_.-]+$/i),
    variant: z
      .string()
      .max(32)
      .regex(/^[a-z][a-z0-9-]*$/),
  })
  .strict() satisfies z.ZodType<SeenVariant>
