import styled from 'styled-components'
import { media } from '../theme/theme'
import { imgAttributes, PictureSources, placeholderStyle } from './pictureParts'
import type { ResolvedImage } from './resolvedImage'

/**
 * An image that covers its (positioned) parent, as a CSS background would, but as an `<img>`: the browser
 * finds it in the HTML, picks the candidate its `srcset` and `sizes` call for (a portrait crop on phones),
 * and keeps the hotspot in view (`object-position`). The asset's dominant colour and its lqip fill the box
 * until the image has loaded, with no JavaScript. The page's largest image (`priority`) is fetched eagerly
 * at high priority, and preloaded from the head (seo/routeMeta.ts); any other waits until it nears the viewport.
 */
export function CoverImage({ image, alt, priority }: { image: ResolvedImage; alt: string; priority: boolean }) {
  return (
    <Picture>
      <PictureSources image={image} />
      <Img
        {...imgAttributes(image, alt, priority)}
        $narrow={image.position.narrow}
        $wide={image.position.wide}
        style={placeholderStyle(image)}
      />
    </Picture>
  )
}

/** An image field shown as it is, where no resolved form exists (the preview's live drafts). */
export function PlainCoverImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Picture>
      <Img src={src} alt={alt} $narrow="center" $wide="center" />
    </Picture>
  )
}

const Picture = styled.picture`
  position: absolute;
  inset: 0;
`

const Img = styled.img<{ $narrow: string; $wide: string }>`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
  object-position: ${({ $narrow }) => $narrow};
  background-position: ${({ $narrow }) => $narrow};
  background-size: cover;
  background-repeat: no-repeat;
  ${media.sm} {
    object-position: ${({ $wide }) => $wide};
    background-position: ${({ $wide }) => $wide};
  }
`
