import styled, { css } from 'styled-components'

/** The look of a question as the visitor reads it (the label of a text box, the legend of a choice group). */
export const promptText = css`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
  line-height: 1.3;
  letter-spacing: -0.01em;
  color: ${({ theme }) => theme.color.ink};
`

export const helpText = css`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.muted};
`

export const QuestionPrompt = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.sm};
  ${promptText}
`

export const QuestionHelp = styled.p`
  ${helpText}
`
