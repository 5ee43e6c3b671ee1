// Inter (variable, Latin subset) served from our own origin: no third-party request. It is fetched only
// after the first paint and used from the next page on (interFont.ts), so it never delays the first paint
// and never replaces text that is already on the screen.
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import inter from '@capsizecss/metrics/inter'
import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'

export const interFontUrl = interLatinUrl

export const INTER_FAMILY = 'Inter Variable'

/** Set on <html> while the page's text is set in Inter; until then it is in the fallback below. */
export const INTER_ATTRIBUTE = 'data-font-inter'

/**
 * The fallback is a local Arial (or Liberation Sans, its metric twin on Linux) scaled and spaced to Inter's
 * metrics by Capsize, so a page in Inter and the same page in the fallback break their lines alike
 * (with the font swapped in 1 s late, CLS at 390 px was 0.001 on /, against 0.058 with plain Arial).
 */
const liberationSans = {
  ...arial,
  familyName: 'Liberation Sans',
  fullName: 'Liberation Sans',
  postscriptName: 'LiberationSans',
}
const fallbackFor = (fontWeight: string, fallbacks: Array<typeof arial>) =>
  createFontStack([{ ...inter, familyName: INTER_FAMILY }, ...fallbacks], { fontFaceProperties: { fontWeight } })
const fontStack = fallbackFor('100 500', [arial, liberationSans])
// The bold faces under the same family names: one face declared for every weight is never made bold, and
// headings were set in regular Arial. Capsize has no metrics for Arial Bold; its average width is measured:
// set in Liberation Sans Bold, the home page's text was 5% wider than in Inter 600-700.
const BOLD_WIDTH = 1.05
const widerBy = (font: typeof arial, factor: number): typeof arial => ({
  ...font,
  xWidthAvg: Math.round(font.xWidthAvg * factor),
  subsets: { ...font.subsets, latin: { xWidthAvg: Math.round(font.subsets.latin.xWidthAvg * factor) } },
})
const boldFallback = fallbackFor('600 900', [
  widerBy({ ...arial, fullName: 'Arial Bold', postscriptName: 'Arial-BoldMT' }, BOLD_WIDTH),
  widerBy({ ...liberationSans, fullName: 'Liberation Sans Bold', postscriptName: 'LiberationSans-Bold' }, BOLD_WIDTH),
])

const interFirst = `"${INTER_FAMILY}", `
if (!fontStack.fontFamily.startsWith(interFirst))
  throw new Error(`Capsize's font stack no longer starts with Inter: ${fontStack.fontFamily}`)
const fallbackFamilies = `${fontStack.fontFamily.slice(interFirst.length)}, system-ui, sans-serif`

export const fontFamily = 'var(--font-sans)'

// font-display: optional: Inter is either there when the page is first laid out (from the cache) or not
// used on that page at all. A swap after the first paint would move text.
export const fontFaces = `
  @font-face {
    font-family: '${INTER_FAMILY}';
    font-style: normal;
    font-display: optional;
    font-weight: 100 900;
    src: url(${interLatinUrl}) format('woff2-variations');
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329,
      U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
  }
  ${fontStack.fontFaces}
  ${boldFallback.fontFaces}
  :root { --font-sans: ${fallbackFamilies}; }
  :root[${INTER_ATTRIBUTE}] { --font-sans: ${interFirst}${fallbackFamilies}; }
`
