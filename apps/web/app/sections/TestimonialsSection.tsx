import { Quote } from 'lucide-react'
import styled from 'styled-components'
import { media } from '../theme/theme'
import type { SectionProps } from './SectionProps'
import { SectionShell } from './SectionShell'

/** Client quotes, each led by the result that client achieved. */
export function TestimonialsSection({ section, isPageHeading }: SectionProps<'testimonialsSection'>) {
  const { testimonials } = section
  return (
    <SectionShell header={section} isPageHeading={isPageHeading} tone="dark">
      <Grid>
        {(testimonials ?? []).map((testimonial) => (
          <li key={testimonial._id}>
            <Card>
              <Result>
                <Metric>{testimonial.metric}</Metric>
                <MetricLabel>{testimonial.label}</MetricLabel>
              </Result>
              <QuoteMark aria-hidden="true" size={28} />
              <Blockquote>
                <p>{testimonial.quote}</p>
              </Blockquote>
              {testimonial.role && <Caption>{testimonial.role}</Caption>}
            </Card>
          </li>
        ))}
      </Grid>
    </SectionShell>
  )
}

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.md} { grid-template-columns: repeat(3, 1fr); }
  > li { display: flex; }
`

const Card = styled.figure`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid rgba(255, 255, 255, 0.1);
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.navySoft};
`

const QuoteMark = styled(Quote)`
  color: ${({ theme }) => theme.color.gold};
`

const Result = styled.div`
  padding-bottom: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid rgba(255, 255, 255, 0.12);
`

const Metric = styled.p`
  font-size: clamp(2.5rem, 2rem + 2vw, 3.25rem);
  font-weight: 800;
  line-height: 1;
  letter-spacing: -0.03em;
  color: #6ee7b7;
`

const MetricLabel = styled.p`
  margin-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.onDark};
`

const Blockquote = styled.blockquote`
  flex: 1;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
  line-height: 1.65;
  color: ${({ theme }) => theme.color.onDarkMuted};
`

const Caption = styled.figcaption`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.color.onDark};
`
