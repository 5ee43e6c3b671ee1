import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** Which hrefs from the CMS may become links: internal paths and anchors, http(s), mailto and tel. */
export function classifyHref(href: string | null | undefined): 'internal' | 'anchor' | 'external' | 'unsafe' {
  const value = (href ?? '').trim()
  if (value.startsWith('/') && !value.startsWith('//')) return 'internal'
  if (value.startsWith('#')) return 'anchor'
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return 'external'
  return 'unsafe'
}

interface SmartLinkProps {
  href: string | null | undefined
  children: ReactNode
  className?: string
  openInNewTab?: boolean | null
  onClick?: () => void
  'aria-current'?: 'page'
}

/** A link from content: router link inside the site, plain anchor outside it, plain text if unsafe. */
export function SmartLink({ href, children, openInNewTab, ...rest }: SmartLinkProps) {
  const kind = classifyHref(href)
  const value = (href ?? '').trim()
  if (kind === 'unsafe') return <span className={rest.className}>{children}</span>
  if (kind === 'internal')
    return (
      <Link to={value} {...rest}>
        {children}
      </Link>
    )
  const newTab = openInNewTab ?? (kind === 'external' && /^https?:/i.test(value))
  return (
    <a href={value} {...rest} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  )
}
