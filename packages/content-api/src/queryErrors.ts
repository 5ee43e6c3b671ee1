import { GroqSyntaxError, parse } from 'groq-js'

/** The `error` of Sanity's answer to a query it cannot run (`type`, `description`, and where in the query). */
export interface QueryError {
  type: 'queryParseError'
  description: string
  query: string
  start?: number
  end?: number
}

/**
 * Why Sanity would refuse a query before running it: a syntax error, or a `$parameter` the request does not
 * give ("param $x referenced, but not provided"), each with the position of the offending text. Undefined
 * when the query can run.
 */
export function queryError(query: string, params: Record<string, unknown>): QueryError | undefined {
  let tree: unknown
  try {
    tree = parse(query, { params })
  } catch (error) {
    if (!(error instanceof GroqSyntaxError)) throw error
    return {
      type: 'queryParseError',
      description: error.message,
      query,
      start: error.position,
      end: error.position + 1,
    }
  }
  const missing = [...parameterNames(tree)].find((name) => !Object.hasOwn(params, name))
  if (missing === undefined) return undefined
  const start = new RegExp(`\\$${missing}(?![A-Za-z0-9_])`).exec(query)?.index
  return {
    type: 'queryParseError',
    description: `param $${missing} referenced, but not provided`,
    query,
    ...(start === undefined ? {} : { start, end: start + missing.length + 1 }),
  }
}

/** The names of the `$parameters` a parsed query refers to. */
function parameterNames(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) parameterNames(child, names)
  } else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>
    // A custom function's $parameters are its own, not the request's.
    if (record.type === 'FuncDeclaration') return names
    if (record.type === 'Parameter' && typeof record.name === 'string') names.add(record.name)
    for (const value of Object.values(record)) parameterNames(value, names)
  }
  return names
}
