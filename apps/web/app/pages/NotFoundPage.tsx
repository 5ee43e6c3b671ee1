import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import styled from 'styled-components'

/** The not-found screen; its texts are fixed by the specification, not content. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])
  return (
    <Screen data-not-found>
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link to="/">Return to Home</Link>
    </Screen>
  )
}

export const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.layout.gutter};
  text-align: center;
  background: ${({ theme }) => theme.color.surfaceAlt};
  h1 { font-size: ${({ theme }) => theme.fontSize.h1}; }
  p { font-size: ${({ theme }) => theme.fontSize.lg}; color: ${({ theme }) => theme.color.muted}; }
  a { font-weight: 600; }
`
