import styled from 'styled-components'

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? theme.layout.narrow : theme.layout.maxWidth)};
  margin-inline: auto;
  padding-inline: ${({ theme }) => theme.layout.gutter};
`
