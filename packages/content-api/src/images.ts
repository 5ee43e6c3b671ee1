/**
 * The lake's image code for the site's build: the same parameter parsing, geometry, encoders and metadata as
 * `GET /images/...` on the local Content Lake, so a variant the build writes has the bytes the lake serves.
 */
export { imageMetadata } from './lake/imageMetadata'
export { type ImageParams, paramsKey, parseImageParams } from './lake/imageParams'
export { type RenderFormat, renderImage } from './lake/imageTransform'
