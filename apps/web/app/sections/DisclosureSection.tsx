import styled from 'styled-components'
import { Container } from '../components/Container'
import { RichText } from '../components/RichText'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { Band } from './SectionShell'

/** Small print (legal disclosure) on a quiet band at the foot of a page. */
export function DisclosureSection({ section, isPageHeading }: SectionProps<'disclosureSection'>) {
  const { heading, body, anchor } = section
  const Heading = headingLevels(isPageHeading).section
  return (
    <Quiet id={anchor ?? undefined} $tone="alt">
      <Container $narrow>
        {heading && <Title as={Heading}>{heading}</Title>}
        <RichText value={body} size="small" />
      </Container>
    </Quiet>
  )
}

const Quiet = styled(Band)`
  padding-block: clamp(2.5rem, 2rem + 2vw, 3.5rem);
  border-top: 1px solid ${({ theme }) => theme.color.border};
`

const Title = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.md};
  letter-spacing: 0;
`
