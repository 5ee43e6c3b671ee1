import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { SiteSettings } from '../content/types'
import { SimpleFooter } from './SimpleFooter'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'
import { useFocusMainHeadingOnNavigation } from './useFocusMainHeadingOnNavigation'

/** Skip link, header, the page's main landmark, and the full or the simple footer. */
export function SiteChrome({
  settings,
  footer,
  children,
}: {
  settings: SiteSettings
  footer: 'full' | 'simple'
  children: ReactNode
}) {
  const mainRef = useFocusMainHeadingOnNavigation()
  return (
    <>
      <SkipLink href="#main">{settings.skipLinkLabel}</SkipLink>
      <SiteHeader settings={settings} />
      <main id="main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
      {footer === 'simple' ? <SimpleFooter settings={settings} /> : <SiteFooter settings={settings} />}
    </>
  )
}

const SkipLink = styled.a`
  position: absolute;
  left: 1rem;
  top: -4rem;
  z-index: 100;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.ink};
  color: #fff;
  font-weight: 600;
  &:focus { top: 1rem; }
`
