import { type ExprNode, evaluateSync } from 'groq-js'
import type { SanityDocument } from './dataset'

/**
 * Lookups the hosted API answers from indexes, which groq-js alone answers by scanning every document:
 * `*[_type == "page" && path.current == $path]` and `->` would cost O(documents) per query, so a build
 * that runs one query per page would slow down quadratically with the dataset. Built once per dataset
 * snapshot (the documents of one file version in one perspective) and reused by every later query.
 */
export interface DatasetIndex {
  byId: (id: string) => SanityDocument | undefined
  /** The documents, in dataset order, for which the document-only expression `expr` equals `value`. */
  matching: (expr: ExprNode, value: Primitive) => SanityDocument[]
}

type Primitive = string | number | boolean

const indexes = new WeakMap<SanityDocument[], DatasetIndex>()

export function datasetIndex(documents: SanityDocument[]): DatasetIndex {
  let index = indexes.get(documents)
  if (!index) {
    index = createDatasetIndex(documents)
    indexes.set(documents, index)
  }
  return index
}

function createDatasetIndex(documents: SanityDocument[]): DatasetIndex {
  const ids = new Map<string, SanityDocument>()
  // groq-js dereferences to the first document with the id; keep the first too.
  for (const doc of documents) if (!ids.has(doc._id)) ids.set(doc._id, doc)
  const byExpression = new Map<string, Map<Primitive, SanityDocument[]>>()
  return {
    byId: (id) => ids.get(id),
    matching(expr, value) {
      const key = JSON.stringify(expr)
      let byValue = byExpression.get(key)
      if (!byValue) {
        byValue = new Map()
        for (const doc of documents) {
          const result = evaluateSync(expr, { root: doc, dataset: documents })
          if (!isPrimitive(result.data)) continue
          const bucket = byValue.get(result.data)
          if (bucket) bucket.push(doc)
          else byValue.set(result.data, [doc])
        }
        byExpression.set(key, byValue)
      }
      return byValue.get(value) ?? []
    },
  }
}

/**
 * Narrows each `*[filter]` of a freshly parsed query, in place, to the documents an equality of the
 * filter selects, when the filter is a conjunction with a term `expr == constant` (the parser inlines
 * parameters) whose `expr` reads only the document. The whole filter still runs on those candidates, so
 * results and their order are unchanged; only documents that could never match are skipped.
 */
export function narrowFilters(tree: ExprNode, index: DatasetIndex): void {
  forEachNode(tree, (node) => {
    if (node.type !== 'Filter' || node.base.type !== 'Everything') return
    let candidates: SanityDocument[] | undefined
    for (const term of conjuncts(node.expr)) {
      const lookup = equalityLookup(term)
      if (!lookup) continue
      const matching = index.matching(lookup.expr, lookup.value)
      if (!candidates || matching.length < candidates.length) candidates = matching
    }
    if (candidates) node.base = { type: 'Value', value: candidates }
  })
}

function conjuncts(node: ExprNode): ExprNode[] {
  if (node.type === 'And') return [...conjuncts(node.left), ...conjuncts(node.right)]
  if (node.type === 'Group') return conjuncts(node.base)
  return [node]
}

function equalityLookup(node: ExprNode): { expr: ExprNode; value: Primitive } | undefined {
  if (node.type !== 'OpCall' || node.op !== '==') return undefined
  for (const [expr, constant] of [
    [node.left, node.right],
    [node.right, node.left],
  ]) {
    if (expr && constant?.type === 'Value' && isPrimitive(constant.value) && readsOnlyTheDocument(expr)) {
      return { expr, value: constant.value }
    }
  }
  return undefined
}

/** Attribute paths of the document, literals and `+`: nothing that depends on parameters, scope or other documents. */
function readsOnlyTheDocument(node: ExprNode): boolean {
  switch (node.type) {
    case 'AccessAttribute':
      return node.base === undefined || readsOnlyTheDocument(node.base)
    case 'This':
      return true
    case 'Value':
      return isPrimitive(node.value)
    case 'Group':
      return readsOnlyTheDocument(node.base)
    case 'OpCall':
      return node.op === '+' && readsOnlyTheDocument(node.left) && readsOnlyTheDocument(node.right)
    default:
      return false
  }
}

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

/** Calls `visit` on every expression node of the tree, parents first; literal values are not entered. */
function forEachNode(value: unknown, visit: (node: ExprNode) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) forEachNode(item, visit)
    return
  }
  if (typeof value !== 'object' || value === null) return
  if (isExprNode(value)) {
    if (value.type === 'Value') return
    visit(value)
  }
  // Object attributes and function arguments hold their expressions one level down.
  for (const child of Object.values(value)) forEachNode(child, visit)
}

function isExprNode(value: object): value is ExprNode {
  return 'type' in value && typeof value.type === 'string'
}
