import styled from 'styled-components'
import { ButtonLink } from '../components/Button'
import type { LinkValue } from '../content/types'

/** The centred call-to-action button some sections end with; nothing when the link has no destination. */
export function SectionLink({ link }: { link: LinkValue | null | undefined }) {
  if (!link?.href) return null
  return (
    <Row>
      <ButtonLink href={link.href} openInNewTab={link.openInNewTab} $variant={link.style ?? 'primary'} $size="lg">
        {link.label}
      </ButtonLink>
    </Row>
  )
}

const Row = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xxl};
`
