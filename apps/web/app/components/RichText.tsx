import {
  type MissingComponentHandler,
  PortableText,
  type PortableTextComponents,
  type PortableTextMarkComponentProps,
  type PortableTextTypeComponentProps,
} from '@portabletext/react'
import { Info, Lightbulb, type LucideIcon, TriangleAlert } from 'lucide-react'
import styled, { css } from 'styled-components'
import type { ResourceContent } from '../content/types'
import { PlainImage, ResponsiveImage } from '../images/ResponsiveImage'
import { resolvedImageOf } from '../images/resolvedImage'
import { SmartLink } from './SmartLink'

export type RichTextValue = NonNullable<ResourceContent['body']>
type RichTextItem = RichTextValue[number]
type CalloutValue = Extract<RichTextItem, { _type: 'callout' }>
type TableValue = Extract<RichTextItem, { _type: 'table' }>
type ImageValue = Extract<RichTextItem, { _type: 'articleImage' }>
type LinkMarkValue = NonNullable<Extract<RichTextItem, { _type: 'block' }>['markDefs']>[number]
type CalloutTone = NonNullable<CalloutValue['tone']>

/** Content edited after this code was written may hold block types it does not know. */
type UnknownBlock = { _type: string; _key: string }

export type RichTextSize = 'default' | 'small'

/** Long-form text from the CMS (Portable Text): headings, lists, links, images, callouts and tables. */
export function RichText({
  value,
  size = 'default',
  className,
}: {
  value: Array<RichTextItem | UnknownBlock> | null | undefined
  size?: RichTextSize
  className?: string
}) {
  if (!value || value.length === 0) return null
  return (
    <Prose className={className} $size={size}>
      <PortableText value={value} components={components} onMissingComponent={warnOnce} />
    </Prose>
  )
}

const warned = new Set<string>()

/** Content newer than this code may hold types it cannot draw: say so once, not on every render. */
const warnOnce: MissingComponentHandler = (message) => {
  if (warned.has(message)) return
  warned.add(message)
  console.warn(message)
}

function LinkMark({ value, children }: PortableTextMarkComponentProps<LinkMarkValue>) {
  return <SmartLink href={value?.href}>{children}</SmartLink>
}

const CALLOUT_ICONS: Record<CalloutTone, LucideIcon> = { info: Info, tip: Lightbulb, warning: TriangleAlert }

function CalloutBlock({ value }: PortableTextTypeComponentProps<CalloutValue>) {
  const tone = value.tone && value.tone in CALLOUT_ICONS ? value.tone : 'info'
  const Glyph = CALLOUT_ICONS[tone]
  return (
    <Callout $tone={tone}>
      <Glyph aria-hidden size={22} strokeWidth={2} />
      <div>
        {value.title && <CalloutTitle>{value.title}</CalloutTitle>}
        {value.text && <p>{value.text}</p>}
      </div>
    </Callout>
  )
}

/**
 * An image in the text, as wide as the text column, with its caption: resolved at build time (srcset, sizes,
 * width and height, lazy); the upload as it is where nothing was resolved (the preview's live drafts).
 */
function ImageBlock({ value }: PortableTextTypeComponentProps<ImageValue>) {
  const resolved = resolvedImageOf(value)
  const alt = value.alt ?? ''
  const src = value.asset?.url
  if (!resolved && !src) return null
  return (
    <Figure>
      {resolved ? <ResponsiveImage image={resolved} alt={alt} /> : src && <PlainImage src={src} alt={alt} />}
      {value.caption && <figcaption>{value.caption}</figcaption>}
    </Figure>
  )
}

function TableBlock({ value }: PortableTextTypeComponentProps<TableValue>) {
  const { columns, rows } = value
  if (columns.length === 0 && rows.length === 0) return null
  const label = value.caption || columns.join(', ')
  return (
    <TableScroller role="region" aria-label={label} tabIndex={0}>
      <Table $columns={columns.length}>
        {value.caption && <caption>{value.caption}</caption>}
        {columns.length > 0 && (
          <thead>
            <tr>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position; headings may repeat
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((row) => (
            <tr key={row._key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its position in the row
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroller>
  )
}

const components: PortableTextComponents = {
  types: { articleImage: ImageBlock, callout: CalloutBlock, table: TableBlock },
  marks: { link: LinkMark },
  // Unknown object types draw nothing (the default draws a hidden div); warnOnce reports them.
  unknownType: () => null,
}

const Prose = styled.div<{ $size: RichTextSize }>`
  max-width: 70ch;
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme, $size }) => ($size === 'small' ? theme.fontSize.sm : theme.fontSize.md)};
  line-height: ${({ $size }) => ($size === 'small' ? 1.65 : 1.75)};
  overflow-wrap: break-word;

  > * + * { margin-top: ${({ $size }) => ($size === 'small' ? '0.875em' : '1.25em')}; }

  h2, h3, h4 { scroll-margin-top: 6rem; }
  h2 { font-size: ${({ theme }) => theme.fontSize.xl}; }
  h3 { font-size: 1.25rem; letter-spacing: -0.01em; }
  h4 { font-size: 1.0625rem; letter-spacing: 0; }
  > h2 { margin-top: 2.25em; }
  > h3 { margin-top: 1.9em; }
  > h4 { margin-top: 1.6em; }
  > h2:first-child, > h3:first-child, > h4:first-child { margin-top: 0; }
  > h2 + *, > h3 + *, > h4 + * { margin-top: 0.75em; }

  strong { color: ${({ theme }) => theme.color.ink}; font-weight: 650; }

  a {
    color: ${({ theme }) => theme.color.brand};
    font-weight: 500;
    text-decoration: underline;
    text-decoration-thickness: 1px;
    text-underline-offset: 0.18em;
    &:hover { color: ${({ theme }) => theme.color.brandHover}; text-decoration-thickness: 2px; }
  }

  ul, ol { padding-left: 1.5em; }
  li { padding-left: 0.25em; }
  li + li, li > ul, li > ol { margin-top: 0.5em; }
  ul > li::marker { color: ${({ theme }) => theme.color.brand}; }
  ol > li::marker { color: ${({ theme }) => theme.color.brand}; font-weight: 700; }

  blockquote {
    margin-inline: 0;
    padding: 0.25em 0 0.25em 1.25em;
    border-left: 4px solid ${({ theme }) => theme.color.brand};
    color: ${({ theme }) => theme.color.ink};
    font-size: 1.125em;
    font-style: italic;
  }
`

/** More room around a picture than between paragraphs (the margins collapse with the text's own). */
const Figure = styled.figure`
  margin: 2em 0;
  img { border-radius: ${({ theme }) => theme.radius.md}; }
  figcaption {
    margin-top: 0.625rem;
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    line-height: 1.5;
  }
`

const CALLOUT_TONES: Record<CalloutTone, { background: string; border: string; icon: string }> = {
  info: { background: '#eef4ff', border: '#1d4ed8', icon: '#1d4ed8' },
  tip: { background: '#e9f7f0', border: '#0f9f6e', icon: '#047857' },
  warning: { background: '#fff7e6', border: '#d97706', icon: '#b45309' },
}

const Callout = styled.aside<{ $tone: CalloutTone }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.875rem;
  padding: 1.125rem 1.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  ${({ $tone }) => css`
    background: ${CALLOUT_TONES[$tone].background};
    border-left: 4px solid ${CALLOUT_TONES[$tone].border};
    > svg { color: ${CALLOUT_TONES[$tone].icon}; margin-top: 0.2em; }
  `}
  p { margin: 0; }
  p + p { margin-top: 0.25em; }
`

const CalloutTitle = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.color.ink};
`

/** Edge shadows appear only while more of the table is hidden that way (the covers scroll with the content). */
const TableScroller = styled.div`
  max-width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background:
    linear-gradient(to right, ${({ theme }) => theme.color.surface} 30%, rgba(255, 255, 255, 0)) left center / 2.5rem 100% no-repeat local,
    linear-gradient(to left, ${({ theme }) => theme.color.surface} 30%, rgba(255, 255, 255, 0)) right center / 2.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(15, 23, 42, 0.16), transparent) left center / 0.875rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(15, 23, 42, 0.16), transparent) right center / 0.875rem 100% no-repeat scroll,
    ${({ theme }) => theme.color.surface};
`

/** Narrow screens scroll wide tables sideways instead of crushing their columns. */
const Table = styled.table<{ $columns: number }>`
  width: 100%;
  min-width: ${({ $columns }) => `${Math.max($columns, 2) * 9}rem`};
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: 1.5;
  caption {
    padding: 0.75rem 1rem;
    text-align: left;
    font-weight: 600;
    color: ${({ theme }) => theme.color.ink};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  th, td { padding: 0.75rem 1rem; text-align: left; vertical-align: top; }
  th {
    background: ${({ theme }) => theme.color.surfaceAlt};
    color: ${({ theme }) => theme.color.ink};
    font-weight: 650;
    white-space: nowrap;
  }
  tbody tr + tr td { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  td:first-child { color: ${({ theme }) => theme.color.ink}; font-weight: 500; }
`
