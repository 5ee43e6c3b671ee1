/** The questionnaire's fixed wording from SPEC sections 2, 4 and 8 (everything else is CMS copy). */
export const QUALIFICATION_TEXT = {
  back: 'Back',
  continue: 'Continue',
  complete: 'Complete',
  submitting: 'Submitting...',
  counter: (position: number, count: number) => `Question ${position} of ${count}`,
  successHeading: "You're All Set!",
  disqualified:
    "Thank you for your interest. At this time, we're specifically working with advisors who write annuities. We'll keep your information on file and reach out if our services expand.",
} as const

/** Toasts: title and description (SPEC section 8). */
export const QUALIFICATION_TOASTS = {
  success: { title: 'Thank you for your interest!', description: 'Our team will contact you within 24 hours.' },
  failure: (phone: string) => ({ title: 'Submission failed', description: `Please try again or call us at ${phone}` }),
} as const
