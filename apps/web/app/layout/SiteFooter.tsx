import styled from 'styled-components'
import { Container } from '../components/Container'
import { SmartLink } from '../components/SmartLink'
import type { SiteSettings } from '../content/types'
import { media } from '../theme/theme'
import { BrandMark } from './BrandMark'
import { CopyrightLine } from './CopyrightLine'

/** The full footer: brand and tagline, the link columns, and the legal bottom row. */
export function SiteFooter({ settings }: { settings: SiteSettings }) {
  return (
    <Footer>
      <Container>
        <Top>
          <Brand>
            <BrandMark name={settings.companyName} tone="light" />
            <Tagline>{settings.footerTagline}</Tagline>
            {settings.footerBlurb && <Blurb>{settings.footerBlurb}</Blurb>}
          </Brand>
          {settings.footerColumns?.map((column) => (
            <nav key={column._key} aria-label={column.title}>
              <ColumnTitle>{column.title}</ColumnTitle>
              <LinkList>
                {column.links?.map((link) => (
                  <li key={link._key}>
                    <SmartLink href={link.href}>{link.label}</SmartLink>
                  </li>
                ))}
              </LinkList>
            </nav>
          ))}
        </Top>
        <Bottom>
          <CopyrightLine companyName={settings.companyName} text={settings.copyrightText} />
          <BottomLinks>
            {settings.bottomLinks?.map((link) => (
              <li key={link._key}>
                <SmartLink href={link.href}>{link.label}</SmartLink>
              </li>
            ))}
          </BottomLinks>
        </Bottom>
      </Container>
    </Footer>
  )
}

const Footer = styled.footer`
  background: ${({ theme }) => theme.color.navy};
  color: ${({ theme }) => theme.color.onDarkMuted};
  padding-block: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
  font-size: ${({ theme }) => theme.fontSize.sm};
  a { color: ${({ theme }) => theme.color.onDarkMuted}; text-decoration: none; }
  a:hover { color: #fff; text-decoration: underline; }
`

const Top = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: 1fr 1fr;
  ${media.md} { grid-template-columns: 2fr repeat(3, 1fr); }
`

const Brand = styled.div`
  grid-column: 1 / -1;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-content: start;
  ${media.md} { grid-column: auto; }
`

const Tagline = styled.p`
  color: #fff;
  font-weight: 600;
`

const Blurb = styled.p`
  max-width: 22rem;
`

const ColumnTitle = styled.h2`
  color: #fff;
  font-size: ${({ theme }) => theme.fontSize.sm};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  margin-bottom: ${({ theme }) => theme.space.md};
`

const LinkList = styled.ul`
  display: grid;
  gap: 0.625rem;
  margin: 0;
  padding: 0;
  list-style: none;
`

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xxl};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid rgba(255, 255, 255, 0.14);
`

const BottomLinks = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
`
