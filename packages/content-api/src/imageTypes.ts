/**
 * The image formats an upload may have, by file extension (as in an asset's file name): those a browser
 * shows as they are, since the site serves originals (the local lake transforms them on request).
 */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
}
