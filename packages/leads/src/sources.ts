/** The `source` value each submission carries, so the receiving automation can tell the forms apart. */

/** The contact form's source: a fixed identifier of this website. */
export const SITE_SOURCE = 'advisorgrowth-website'

export const GIVEAWAY_SOURCE = 'conference_giveaway'

export const QUALIFICATION_SOURCE = 'Lead Qualification Form'
