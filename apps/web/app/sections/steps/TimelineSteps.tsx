import styled, { css } from 'styled-components'
import { Icon } from '../../components/Icon'
import { media } from '../../theme/theme'
import { MARKER, StepBody, StepContent, StepList, StepMarker, type StepsLayoutProps } from './StepContent'

const GAP = '1.5rem'

/** Steps joined by a line: down the page on phones, across it from md up, in rows of three past four steps. */
export function TimelineSteps({ steps, headingLevel }: StepsLayoutProps) {
  return (
    <List $count={steps.length}>
      {steps.map((step, index) => (
        <Item key={step._key}>
          <Marker aria-hidden="true">{step.icon ? <Icon name={step.icon} size={22} /> : index + 1}</Marker>
          <Body>
            <StepContent step={step} headingLevel={headingLevel} />
          </Body>
        </Item>
      ))}
    </List>
  )
}

/** The line from a marker to the next one. */
const connector = css`
  content: '';
  position: absolute;
  background: linear-gradient(180deg, ${({ theme }) => theme.color.brand}, rgba(29, 78, 216, 0.25));
`

const List = styled(StepList)<{ $count: number }>`
  ${media.md} {
    grid-template-columns: repeat(${({ $count }) => ($count > 4 ? 3 : $count)}, minmax(0, 1fr));
    column-gap: ${GAP};
    row-gap: ${({ theme }) => theme.space.xxl};
    /* Across: none after the last step of a row. */
    > li:not(:last-child)::before {
      ${connector}
      top: calc(${MARKER} / 2 - 1px);
      left: 50%;
      width: calc(100% + ${GAP});
      height: 2px;
      background: linear-gradient(90deg, ${({ theme }) => theme.color.brand}, rgba(29, 78, 216, 0.25));
    }
    ${({ $count }) => $count > 4 && css`> li:nth-child(3n)::before { display: none; }`}
  }
  ${({ $count }) =>
    $count > 4 &&
    css`
      ${media.lg} {
        grid-template-columns: repeat(${$count}, minmax(0, 1fr));
        > li:nth-child(3n):not(:last-child)::before { display: block; }
      }
    `}
`

const Item = styled.li`
  position: relative;
  display: grid;
  grid-template-columns: ${MARKER} minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  align-content: start;
  padding-bottom: ${({ theme }) => theme.space.xl};
  &:last-child { padding-bottom: 0; }
  /* Down: from this marker to the next step. */
  &:not(:last-child)::before {
    ${connector}
    top: ${MARKER};
    bottom: 0;
    left: calc(${MARKER} / 2 - 1px);
    width: 2px;
  }
  ${media.md} {
    grid-template-columns: minmax(0, 1fr);
    justify-items: center;
    padding-bottom: 0;
    text-align: center;
  }
`

const Marker = styled(StepMarker)`
  width: ${MARKER};
  height: ${MARKER};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brand};
  color: ${({ theme }) => theme.color.onDark};
  box-shadow: 0 0 0 6px ${({ theme }) => theme.color.surfaceAlt};
`

const Body = styled(StepBody)`
  padding-top: 0.625rem;
  ${media.md} { align-items: center; padding-top: 0; }
`
