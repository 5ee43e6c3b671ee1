import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { theme } from '../../../apps/web/app/theme/theme'

/** Renders a component as the site does: inside the theme and a router (at `path`). */
export function renderWithTheme(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeProvider theme={theme}>{ui}</ThemeProvider>
    </MemoryRouter>,
  )
}
