import styled from 'styled-components'
import { imgAttributes, PictureSources, placeholderStyle } from './pictureParts'
import type { ResolvedImage } from './resolvedImage'

/**
 * An image in the flow of a page (an article's cover, an image in its text, a resource card's picture), as
 * the build resolved it (`resolveImage`): `<source>`s by format, an `<img>` with `srcset`, `sizes` and the
 * frame's `width`/`height`, so the browser reserves its box before any byte arrives (it fills its container's
 * width, keeping that ratio, or the container's box with `fill`). The asset's dominant colour and lqip show
 * until it has loaded, with no JavaScript. Lazy unless it is the page's first image (`priority`).
 */
export function ResponsiveImage({
  image,
  alt,
  priority = false,
  fill = false,
  className,
}: {
  image: ResolvedImage
  alt: string
  priority?: boolean
  /** Cover the positioned parent (`object-fit: cover`, around the hotspot) instead of setting its height. */
  fill?: boolean
  className?: string
}) {
  return (
    <Picture className={className} $fill={fill}>
      <PictureSources image={image} />
      <Img
        {...imgAttributes(image, alt, priority)}
        style={{
          ...placeholderStyle(image),
          objectPosition: image.position.wide,
          backgroundPosition: image.position.wide,
        }}
        $fill={fill}
      />
    </Picture>
  )
}

/** An image field shown as it is, where no resolved form exists (the preview's live drafts). */
export function PlainImage({ src, alt, fill = false }: { src: string; alt: string; fill?: boolean }) {
  return (
    <Picture $fill={fill}>
      <Img src={src} alt={alt} loading="lazy" $fill={fill} />
    </Picture>
  )
}

const Picture = styled.picture<{ $fill: boolean }>`
  display: block;
  ${({ $fill }) => ($fill ? 'position: absolute; inset: 0;' : '')}
`

const Img = styled.img<{ $fill: boolean }>`
  display: block;
  width: 100%;
  height: ${({ $fill }) => ($fill ? '100%' : 'auto')};
  object-fit: cover;
  background-size: cover;
  background-repeat: no-repeat;
`
