import { Menu, X } from 'lucide-react'
import { useState } from 'react'
import { NavLink } from 'react-router'
import styled from 'styled-components'
import { ButtonLink } from '../components/Button'
import { Container } from '../components/Container'
import { signInUrl } from '../config/publicEnv'
import type { SiteSettings } from '../content/types'
import { media } from '../theme/theme'
import { BrandMark } from './BrandMark'

export function SiteHeader({ settings }: { settings: SiteSettings }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const closeMenu = () => setMenuOpen(false)
  return (
    <Bar>
      <Inner>
        <BrandMark name={settings.companyName} onClick={closeMenu} />
        <ToggleButton
          type="button"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden size={24} /> : <Menu aria-hidden size={24} />}
        </ToggleButton>
        <Menu_ id="site-menu" $open={menuOpen}>
          <nav aria-label="Main">
            <NavList>
              {settings.mainNavigation?.map((link) => (
                <li key={link._key}>
                  <NavItem to={link.href} end onClick={closeMenu}>
                    {link.label}
                  </NavItem>
                </li>
              ))}
            </NavList>
          </nav>
          <Actions>
            <ButtonLink href={signInUrl()} openInNewTab $variant="secondary" onClick={closeMenu}>
              {settings.signInLabel}
            </ButtonLink>
            {settings.headerCta && (
              <ButtonLink href={settings.headerCta.href} $variant="primary" onClick={closeMenu}>
                {settings.headerCta.label}
              </ButtonLink>
            )}
          </Actions>
        </Menu_>
      </Inner>
    </Bar>
  )
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(255, 255, 255, 0.96);
  backdrop-filter: saturate(180%) blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 4.25rem;
  gap: ${({ theme }) => theme.space.lg};
`

const ToggleButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.ink};
  cursor: pointer;
  ${media.md} { display: none; }
`

const Menu_ = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  position: absolute;
  inset: 100% 0 auto 0;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.layout.gutter} ${theme.space.xl}`};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.md};
  ${media.md} {
    display: flex;
    position: static;
    flex-direction: row;
    align-items: center;
    flex: 1;
    justify-content: space-between;
    padding: 0;
    border: 0;
    box-shadow: none;
    background: transparent;
  }
`

const NavList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.md} { flex-direction: row; margin-inline: auto; gap: ${({ theme }) => theme.space.sm}; }
`

const NavItem = styled(NavLink)`
  display: block;
  padding: 0.625rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  font-weight: 500;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-decoration: none;
  &:hover { color: ${({ theme }) => theme.color.brand}; background: ${({ theme }) => theme.color.surfaceAlt}; }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.brandSoft};
    font-weight: 600;
  }
`

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  ${media.md} { flex-direction: row; align-items: center; }
`
