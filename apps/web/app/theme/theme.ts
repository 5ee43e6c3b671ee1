/** The custom property that holds the font stack: the fallback, or Inter once the page is set in it (fonts.ts). */
export const FONT_VARIABLE = '--font-sans'
const fontFamily = `var(${FONT_VARIABLE})`

/** Design tokens: every colour, size and shadow on the site comes from here. */
export const theme = {
  color: {
    ink: '#0f172a',
    text: '#334155',
    muted: '#5b6678',
    border: '#e2e8f0',
    surface: '#ffffff',
    surfaceAlt: '#f5f7fb',
    navy: '#0b1f3a',
    navySoft: '#13294b',
    brand: '#1d4ed8',
    brandHover: '#1e40af',
    brandSoft: '#e8efff',
    accent: '#0f9f6e',
    accentSoft: '#e3f6ee',
    onDark: '#ffffff',
    onDarkMuted: '#c3cede',
    gold: '#f5b53d',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    focus: '#2563eb',
  },
  font: {
    body: fontFamily,
    heading: fontFamily,
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.9375rem',
    md: '1.0625rem',
    lg: '1.25rem',
    xl: 'clamp(1.375rem, 1.2rem + 0.6vw, 1.625rem)',
    h3: 'clamp(1.25rem, 1.1rem + 0.5vw, 1.5rem)',
    h2: 'clamp(1.75rem, 1.4rem + 1.4vw, 2.5rem)',
    h1: 'clamp(2.125rem, 1.6rem + 2.4vw, 3.5rem)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: 'clamp(3.5rem, 2.5rem + 4vw, 6.5rem)',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.04)',
    lg: '0 20px 40px -12px rgba(15, 23, 42, 0.22)',
  },
  layout: { maxWidth: '1200px', narrow: '760px', gutter: 'clamp(1rem, 0.5rem + 2.5vw, 2rem)' },
  breakpoint: { sm: '600px', md: '900px', lg: '1200px' },
} as const

export type Theme = typeof theme

/** Media query helpers: `${media.md} { ... }` applies from the md breakpoint up. */
export const media = {
  sm: `@media (min-width: ${theme.breakpoint.sm})`,
  md: `@media (min-width: ${theme.breakpoint.md})`,
  lg: `@media (min-width: ${theme.breakpoint.lg})`,
} as const
