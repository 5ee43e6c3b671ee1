import styled, { css } from 'styled-components'
import { Icon } from '../../components/Icon'
import { media } from '../../theme/theme'
import { StepBody, StepContent, StepList, StepMarker, type StepsLayoutProps } from './StepContent'

/** Steps as a grid of cards: two across from sm up, then three (for three or six steps) or four. */
export function CardSteps({ steps, headingLevel }: StepsLayoutProps) {
  return (
    <List $count={steps.length}>
      {steps.map((step, index) => (
        <Card key={step._key}>
          <CornerNumber aria-hidden="true">{index + 1}</CornerNumber>
          <StepBody>
            {step.icon && (
              <CardIcon>
                <Icon name={step.icon} size={24} />
              </CardIcon>
            )}
            <StepContent step={step} headingLevel={headingLevel} />
          </StepBody>
        </Card>
      ))}
    </List>
  )
}

const List = styled(StepList)<{ $count: number }>`
  gap: ${({ theme }) => theme.space.lg};
  ${media.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${({ $count }) =>
    $count % 3 === 0 && $count <= 6
      ? css`
          ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
        `
      : css`
          ${media.lg} { grid-template-columns: repeat(4, minmax(0, 1fr)); }
        `}
`

const Card = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`

/** The step's number, large and faint in the card's corner. */
const CornerNumber = styled(StepMarker)`
  position: absolute;
  top: ${({ theme }) => theme.space.lg};
  right: ${({ theme }) => theme.space.xl};
  font-size: 3rem;
  line-height: 1;
  letter-spacing: -0.04em;
  color: rgba(29, 78, 216, 0.14);
`

const CardIcon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brand};
  color: ${({ theme }) => theme.color.onDark};
`
