import styled from 'styled-components'
import { Container } from '../components/Container'
import type { SiteSettings } from '../content/types'
import { CopyrightLine } from './CopyrightLine'

/** The landing and article pages' footer: the year and the company name. */
export function SimpleFooter({ settings }: { settings: SiteSettings }) {
  return (
    <Footer>
      <Container>
        <CopyrightLine companyName={settings.companyName} text={settings.copyrightText} />
      </Container>
    </Footer>
  )
}

const Footer = styled.footer`
  padding-block: ${({ theme }) => theme.space.xl};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: center;
`
