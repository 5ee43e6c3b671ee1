import styled from 'styled-components'

/** The white card a form sits in (no form code: section files may import it). */
export const FormCard = styled.div`
  position: relative;
  min-width: 0;
  padding: clamp(1.25rem, 0.75rem + 2.5vw, 2.5rem);
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.md};
  color: ${({ theme }) => theme.color.text};
  /* Stays a light card inside a dark band, whose headings are light. */
  && :is(h1, h2, h3, h4) { color: ${({ theme }) => theme.color.ink}; }
`

/** A form card's heading block. */
export const FormCardHeader = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xl};
  h1, h2, h3 { font-size: ${({ theme }) => theme.fontSize.h3}; color: ${({ theme }) => theme.color.ink}; }
  p { color: ${({ theme }) => theme.color.muted}; }
`
