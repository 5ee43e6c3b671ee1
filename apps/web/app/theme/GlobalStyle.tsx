import { createGlobalStyle } from 'styled-components'
import { fontFacesCss } from './fonts'
import { theme } from './theme'

// Rendered by the prerender (and the dev server's render) only: when styled-components starts in the
// browser it adopts the rules the page's <style> carries, and nothing ever removes them, so the browser
// bundle needs neither these rules nor Capsize. A change to them shows after a reload in the dev server.
export const GlobalStyle = import.meta.env.SSR
  ? createGlobalStyle`
  ${fontFacesCss()}
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; scroll-behavior: smooth; }
  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
  body {
    margin: 0;
    font-family: ${theme.font.body};
    font-size: ${theme.fontSize.md};
    line-height: 1.6;
    color: ${theme.color.text};
    background: ${theme.color.surface};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4 {
    font-family: ${theme.font.heading};
    color: ${theme.color.ink};
    line-height: 1.15;
    letter-spacing: -0.02em;
    margin: 0;
  }
  p { margin: 0; }
  img, svg { display: block; max-width: 100%; }
  a { color: ${theme.color.brand}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  [tabindex='-1']:focus { outline: none; }
  /* The browser skips layout and paint of sections far from the viewport until they come near it. */
  #main > section:not(:first-child), #main > [data-island]:not(:first-child) > section {
    content-visibility: auto; contain-intrinsic-size: auto 720px;
  }
  /* The wrapper of markup that needs no JavaScript (islands/StaticIsland) takes no part in layout. */
  [data-island] { display: contents; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`
  : () => null
