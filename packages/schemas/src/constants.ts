// Constants the website shares with the schema. No `sanity` import here: the site's bundle imports this file.

/** Document types with one document, whose id is the type name (apps/studio/structure.ts). */
export const SINGLETON_TYPES = ['siteSettings'] as const

// lucide-react icon names (kebab case); the website resolves each one to its lucide component.
// lucide has no brand logos, so platforms use generic icons (thumbs-up, camera, briefcase, search).
export const ICON_NAMES = [
  'users',
  'user-check',
  'target',
  'trending-up',
  'bar-chart-3',
  'line-chart',
  'calendar',
  'clock',
  'shield-check',
  'check-circle',
  'award',
  'star',
  'zap',
  'rocket',
  'sparkles',
  'brain',
  'bot',
  'lightbulb',
  'mail',
  'phone',
  'message-square',
  'bell',
  'megaphone',
  'file-text',
  'graduation-cap',
  'calculator',
  'dollar-sign',
  'search',
  'filter',
  'layout',
  'layers',
  'settings',
  'refresh-cw',
  'workflow',
  'pen-tool',
  'monitor',
  'smartphone',
  'video',
  'mic',
  'camera',
  'thumbs-up',
  'share-2',
  'globe',
  'handshake',
  'heart',
  'gift',
  'building',
  'briefcase',
] as const

export type IconName = (typeof ICON_NAMES)[number]

// Value rules the Studio enforces and the website checks again when it reads content
// (apps/web/app/content/validation), so both accept exactly the same values.

/** A link destination: an internal path, an #anchor, or an http(s), mailto: or tel: URL. */
export const HREF_PATTERN = /^(\/(?!\/)\S*$|#[A-Za-z][\w-]*$|https?:\/\/\S+$|mailto:\S+$|tel:\+?[\d\s().-]+$)/
export const HREF_MESSAGE =
  'Use an internal path starting with "/" (e.g. /contact), an #anchor, or a link starting with https://, http://, mailto: or tel:'

export const IMAGE_SOURCE_MESSAGE = 'Upload an image, or give the path of one on this site'

/** An image or file address: a path on this site or an https:// URL. */
export const URL_PATH_PATTERN = /^(\/(?!\/)\S*|https:\/\/\S+)$/
export const URL_PATH_MESSAGE = 'Use a path on this site (e.g. /images/photo.jpg) or an https:// URL'

/** A section's in-page anchor, without the "#". */
export const ANCHOR_PATTERN = /^[a-z][a-z0-9-]*$/
export const ANCHOR_MESSAGE = 'Use lowercase letters, digits and hyphens, starting with a letter (no "#")'
