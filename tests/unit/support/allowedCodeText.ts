/**
 * Visible text that code, not the CMS, owns: texts the specification fixes (not-found and error screens,
 * form buttons, option sets, validation and toast messages), enum values editors pick from a list,
 * and units. Everything else a visitor reads must come from the dataset (copyCoverage.test.tsx).
 */
export const ALLOWED_CODE_TEXT: string[] = [
  // not-found and error screens (SPEC section 2)
  '404',
  'Oops! Page not found',
  'Return to Home',
  'Unexpected Application Error!',
  // enum values chosen in the CMS and shown as they are
  'Guide',
  'Article',
  'Training Guide',
  'Qualified',
  'Nurturing',
  // dates are CMS values formatted by code
  'January February March April May June July August September October November December',
  // units, and accessible names of landmarks and controls
  'Open menu',
  'Close menu',
  'Main',
  // the toast region (SPEC section 8) and the forms' fixed texts (SPEC sections 4 and 5)
  'Notifications alt+T',
  'Leave this field empty',
  'Send Message',
  'Sending...',
  'Unlock Guide',
  'Unlocking...',
  'Continue',
  'Complete',
  'Submitting...',
  'Back',
  'Question of',
  // the contact form's interest options (value: label pairs fixed by SPEC section 3)
  'Sales Enablement App',
  'Marketing Funnels',
  'Ad Management',
  'All Solutions',
  'General Inquiry',
]
