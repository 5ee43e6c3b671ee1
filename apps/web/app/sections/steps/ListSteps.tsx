import styled from 'styled-components'
import { MARKER, StepBody, StepContent, StepList, StepMarker, type StepsLayoutProps } from './StepContent'

/** Steps as a plain numbered list in one narrow column. */
export function ListSteps({ steps, headingLevel }: StepsLayoutProps) {
  return (
    <List>
      {steps.map((step, index) => (
        <Item key={step._key}>
          <Marker aria-hidden="true">{index + 1}</Marker>
          <StepBody>
            <StepContent step={step} headingLevel={headingLevel} />
          </StepBody>
        </Item>
      ))}
    </List>
  )
}

const List = styled(StepList)`
  max-width: 48rem;
  margin-inline: auto;
`

const Item = styled.li`
  position: relative;
  display: grid;
  grid-template-columns: ${MARKER} minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  padding-block: ${({ theme }) => theme.space.lg};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  &:first-child { padding-top: 0; }
  &:last-child { border-bottom: 0; padding-bottom: 0; }
`

const Marker = styled(StepMarker)`
  width: ${MARKER};
  height: ${MARKER};
  border: 2px solid ${({ theme }) => theme.color.brand};
  border-radius: ${({ theme }) => theme.radius.pill};
  color: ${({ theme }) => theme.color.brand};
  font-size: ${({ theme }) => theme.fontSize.md};
`
