// Inter (variable, Latin subset) served from our own origin: no third-party request, preloaded in root.tsx.
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import inter from '@capsizecss/metrics/inter'
import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'

export const interFontUrl = interLatinUrl

const INTER_FAMILY = 'Inter Variable'

/**
 * Until Inter arrives, text is set in a local Arial (or Liberation Sans, its metric twin on Linux) scaled and
 * spaced to Inter's metrics by Capsize, so the swap to Inter moves lines by a pixel or so, not a word (with the
 * font held back 1 s, CLS at 390 px went from 0.058 to 0.001 on / and from 0.151 to 0.000 on the giveaway).
 * Bold headings and the desktop navigation still move slightly (up to 0.013 at 1280 px): Capsize's metrics
 * are those of the regular weight.
 */
const fontStack = createFontStack(
  [
    { ...inter, familyName: INTER_FAMILY },
    arial,
    { ...arial, familyName: 'Liberation Sans', fullName: 'Liberation Sans', postscriptName: 'LiberationSans' },
  ],
  { fontFaceProperties: { fontWeight: '100 900' } },
)

export const fontFamily = `${fontStack.fontFamily}, system-ui, sans-serif`

export const fontFaces = `
  @font-face {
    font-family: '${INTER_FAMILY}';
    font-style: normal;
    font-display: swap;
    font-weight: 100 900;
    src: url(${interLatinUrl}) format('woff2-variations');
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329,
      U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
  }
  ${fontStack.fontFaces}
`
