/** The forms whose submissions are leads, by the name of their endpoint (`/api/leads/<name>`). */
export const LEAD_FORMS = ['contact', 'guide', 'qualify', 'giveaway'] as const
export type LeadFormName = (typeof LEAD_FORMS)[number]
