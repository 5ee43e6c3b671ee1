import { z } from 'zod'

// zod compiles parsers with `new Function` unless told not to; the site's Content Security Policy
// forbids eval, and even zod's feature probe would be reported as a violation.
z.config({ jitless: true })

export { z }
