import styled from 'styled-components'
import { QUALIFICATION_TEXT } from './messages'

/** "Question X of N" and a bar filled to X / N, where N counts the questions that apply so far. */
export function QualificationProgress({ id, position, count }: { id: string; position: number; count: number }) {
  const label = QUALIFICATION_TEXT.counter(position, count)
  const percent = count > 0 ? Math.round((position / count) * 100) : 0
  return (
    <Wrapper>
      <Counter id={`${id}-counter`}>{label}</Counter>
      <Track
        role="progressbar"
        aria-labelledby={`${id}-counter`}
        aria-valuemin={0}
        aria-valuemax={count}
        aria-valuenow={position}
        aria-valuetext={label}
      >
        <Fill style={{ width: `${percent}%` }} />
      </Track>
    </Wrapper>
  )
}

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`

const Counter = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.color.brand};
`

const Track = styled.div`
  height: 0.5rem;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brandSoft};
`

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, ${({ theme }) => `${theme.color.brand}, ${theme.color.accent}`});
  transition: width 0.3s ease;
`
