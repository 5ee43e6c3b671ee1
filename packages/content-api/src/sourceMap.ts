/**
 * Content Source Maps for the embedded query API. groq-js does not track where a value came from, so the
 * map is inferred from the result: every object that names a document by `_id` is taken to be that
 * document (or a projection of it), and gets one mapping to the document's root (`$`). `@sanity/client`
 * resolves a string by its longest mapped prefix and appends the rest of the result path, so
 * `$['page']['sections'][2]['heading']` becomes the page's `sections[_key=="…"].heading`.
 *
 * A slug read as a string under another name (`"path": path.current`) gets a mapping of its own to the
 * slug's `current`, so that the Studio's preview, which writes the edited document's value at each mapped
 * path, writes a string there and not the slug object.
 *
 * Limitation: other renamed fields, and values read from a document without projecting its `_id`
 * (`document->{ title }`), map to the wrong path or to the enclosing document.
 */

/** The shape of Sanity's `resultSourceMap` (`ContentSourceMap` in @sanity/client). */
export interface ContentSourceMap {
  documents: { _id: string; _type: string }[]
  paths: string[]
  mappings: Record<string, { type: 'value'; source: { type: 'documentValue'; document: number; path: number } }>
}

/** Finds the dataset document a result object names; `_originalId` is the draft's id under a drafts perspective. */
export type DocumentLookup = (
  id: string,
) => { _id: string; _type: string; _originalId?: unknown; [field: string]: unknown } | undefined

const DOCUMENT_ROOT_PATH = '$'

export function inferContentSourceMap(result: unknown, lookup: DocumentLookup): ContentSourceMap {
  const sourceMap: ContentSourceMap = { documents: [], paths: [DOCUMENT_ROOT_PATH], mappings: {} }
  const documentIndex = new Map<string, number>()

  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, `${path}[${index}]`)
      })
      return
    }
    if (typeof value !== 'object' || value === null) return
    const source = documentOf(value as Record<string, unknown>, lookup)
    if (source) {
      let index = documentIndex.get(source._id)
      if (index === undefined) {
        index = sourceMap.documents.push({ _id: source._id, _type: source._type }) - 1
        documentIndex.set(source._id, index)
      }
      sourceMap.mappings[path] = { type: 'value', source: { type: 'documentValue', document: index, path: 0 } }
      mapSlugsReadAsStrings(value as Record<string, unknown>, path, index, source.stored)
    }
    for (const [field, child] of Object.entries(value)) visit(child, `${path}[${quoteField(field)}]`)
  }

  /** `"path": path.current`: the result's string is the stored slug's `current`. */
  const mapSlugsReadAsStrings = (
    value: Record<string, unknown>,
    path: string,
    document: number,
    stored: Record<string, unknown> | undefined,
  ) => {
    for (const [field, child] of Object.entries(value)) {
      const storedField = stored?.[field]
      if (typeof child !== 'string' || !isSlug(storedField) || storedField.current !== child) continue
      const sourcePath = sourceMap.paths.push(`$[${quoteField(field)}]['current']`) - 1
      sourceMap.mappings[`${path}[${quoteField(field)}]`] = {
        type: 'value',
        source: { type: 'documentValue', document, path: sourcePath },
      }
    }
  }
  visit(result, '$')
  return sourceMap
}

function documentOf(
  value: Record<string, unknown>,
  lookup: DocumentLookup,
): { _id: string; _type: string; stored?: Record<string, unknown> } | undefined {
  if (typeof value._id !== 'string') return undefined
  const stored = lookup(value._id)
  if (stored) {
    const id = typeof stored._originalId === 'string' ? stored._originalId : stored._id
    return { _id: id, _type: stored._type, stored }
  }
  return typeof value._type === 'string' ? { _id: value._id, _type: value._type } : undefined
}

const isSlug = (value: unknown): value is { current: string } =>
  typeof value === 'object' && value !== null && 'current' in value && typeof value.current === 'string'

// The escaping @sanity/client's jsonPath() uses, so that its lookups find these keys.
const ESCAPED: Record<string, string> = { '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', "'": "\\'", '\\': '\\\\' }

function quoteField(field: string): string {
  return `'${field.replace(/[\f\n\r\t'\\]/g, (character) => ESCAPED[character] ?? character)}'`
}
