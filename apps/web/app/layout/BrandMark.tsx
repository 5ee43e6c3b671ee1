import { Link } from 'react-router'
import styled from 'styled-components'

/** The logo: a mark drawn in SVG and the company name from the CMS. */
export function BrandMark({
  name,
  onClick,
  tone = 'dark',
}: {
  name: string | null
  onClick?: () => void
  tone?: 'dark' | 'light'
}) {
  return (
    <Home to="/" onClick={onClick} $tone={tone}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path
          d="M8 22l6-7 4 4 7-9"
          stroke="#fff"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="25" cy="10" r="2.4" fill="#34d399" />
      </svg>
      <span>{name}</span>
    </Home>
  )
}

const Home = styled(Link)<{ $tone: 'dark' | 'light' }>`
  display: inline-flex;
  align-items: center;
  gap: 0.625rem;
  font-weight: 700;
  font-size: 1.1875rem;
  letter-spacing: -0.02em;
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.color.ink : theme.color.onDark)};
  text-decoration: none;
`
