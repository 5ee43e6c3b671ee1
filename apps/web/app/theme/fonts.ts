// The font faces of the global style (GlobalStyle.tsx, rendered by the prerender only). Inter is fetched only
// after the first paint and used from the next page on (interFont.ts), so it never delays the first paint
// and never replaces text that is already on the screen.
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import inter from '@capsizecss/metrics/inter'
import { INTER_ATTRIBUTE, INTER_FAMILY, interFontUrl } from './interFont'
import { FONT_VARIABLE } from './theme'

// Set in Liberation Sans Bold, the home page's text was 5% wider than in Inter 600-700 (measured; Capsize has
// no metrics for Arial Bold).
const BOLD_WIDTH = 1.05

/**
 * Inter's @font-face and the fallback's, and the font stack in FONT_VARIABLE: the fallback, or Inter first
 * when <html> carries INTER_ATTRIBUTE.
 *
 * The fallback is a local Arial (or Liberation Sans, its metric twin on Linux) scaled and spaced to Inter's
 * metrics by Capsize, so a page in Inter and the same page in the fallback break their lines alike
 * (with the font swapped in 1 s late, CLS at 390 px was 0.001 on /, against 0.058 with plain Arial).
 * Its bold faces are declared under the same family names: one face declared for every weight is never
 * made bold, and headings were set in regular Arial.
 */
export function fontFacesCss(): string {
  const liberationSans = {
    ...arial,
    familyName: 'Liberation Sans',
    fullName: 'Liberation Sans',
    postscriptName: 'LiberationSans',
  }
  const fallbackFor = (fontWeight: string, fallbacks: Array<typeof arial>) =>
    createFontStack([{ ...inter, familyName: INTER_FAMILY }, ...fallbacks], { fontFaceProperties: { fontWeight } })
  const widerBy = (font: typeof arial, factor: number): typeof arial => ({
    ...font,
    xWidthAvg: Math.round(font.xWidthAvg * factor),
    subsets: { ...font.subsets, latin: { xWidthAvg: Math.round(font.subsets.latin.xWidthAvg * factor) } },
  })
  const regular = fallbackFor('100 500', [arial, liberationSans])
  const bold = fallbackFor('600 900', [
    widerBy({ ...arial, fullName: 'Arial Bold', postscriptName: 'Arial-BoldMT' }, BOLD_WIDTH),
    widerBy({ ...liberationSans, fullName: 'Liberation Sans Bold', postscriptName: 'LiberationSans-Bold' }, BOLD_WIDTH),
  ])
  const interFirst = `"${INTER_FAMILY}", `
  if (!regular.fontFamily.startsWith(interFirst))
    throw new Error(`Capsize's font stack no longer starts with Inter: ${regular.fontFamily}`)
  const fallbackFamilies = `${regular.fontFamily.slice(interFirst.length)}, system-ui, sans-serif`

  // font-display: optional: Inter is either there when the page is first laid out (from the cache) or not
  // used on that page at all. A swap after the first paint would move text.
  return `
    @font-face {
      font-family: '${INTER_FAMILY}';
      font-style: normal;
      font-display: optional;
      font-weight: 100 900;
      src: url(${interFontUrl}) format('woff2-variations');
      unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329,
        U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
    }
    ${regular.fontFaces}
    ${bold.fontFaces}
    :root { ${FONT_VARIABLE}: ${fallbackFamilies}; }
    :root[${INTER_ATTRIBUTE}] { ${FONT_VARIABLE}: ${interFirst}${fallbackFamilies}; }
  `
}
