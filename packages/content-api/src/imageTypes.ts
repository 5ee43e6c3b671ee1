/**
 * The image formats an upload may have, by file extension (as in an asset's file name): those a browser
 * shows as they are, since the local lake and the site serve originals, not transforms.
 */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
}
