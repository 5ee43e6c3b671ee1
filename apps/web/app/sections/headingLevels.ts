/**
 * The heading levels of a section. The section that opens the page (see pageHeadingIndex) has the page's one
 * h1 and its items' headings are h2; every other section has an h2 with h3 items, so the outline never skips.
 */
export function headingLevels(isPageHeading: boolean | undefined) {
  return isPageHeading ? ({ section: 'h1', item: 'h2' } as const) : ({ section: 'h2', item: 'h3' } as const)
}
