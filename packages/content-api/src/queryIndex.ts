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
  /** The documents, in dataset order, for which the document-only expression `expr` equals one of `values`. */
  matching: (expr: ExprNode, values: Primitive[]) => SanityDocument[]
}

type Primitive = string | number | boolean

const indexes = new WeakMap<SanityDocument[], DatasetIndex>()
/**
 * Per document, the value of each indexed expression: a new version of a dataset shares its unchanged
 * documents with the last (dataset.ts), so its indexes evaluate only the documents that changed.
 */
const evaluated = new WeakMap<SanityDocument, Map<string, unknown>>()

function evaluateOn(doc: SanityDocument, expr: ExprNode, key: string, documents: SanityDocument[]): unknown {
  let values = evaluated.get(doc)
  if (!values) {
    values = new Map()
    evaluated.set(doc, values)
  }
  if (!values.has(key)) values.set(key, evaluateSync(expr, { root: doc, dataset: documents }).data)
  return values.get(key)
}

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
  const bucketsOf = (expr: ExprNode) => {
    const key = JSON.stringify(expr)
    let byValue = byExpression.get(key)
    if (!byValue) {
      byValue = new Map()
      for (const doc of documents) {
        const value = evaluateOn(doc, expr, key, documents)
        if (!isPrimitive(value)) continue
        const bucket = byValue.get(value)
        if (bucket) bucket.push(doc)
        else byValue.set(value, [doc])
      }
      byExpression.set(key, byValue)
    }
    return byValue
  }
  let positions: Map<SanityDocument, number> | undefined
  const inDatasetOrder = (docs: SanityDocument[]) => {
    positions ??= new Map(documents.map((doc, position) => [doc, position]))
    const order = positions
    return docs.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
  }
  return {
    byId: (id) => ids.get(id),
    matching(expr, values) {
      const buckets = bucketsOf(expr)
      if (values.length === 1) return buckets.get(values[0] as Primitive) ?? []
      return inDatasetOrder([...new Set(values)].flatMap((value) => buckets.get(value) ?? []))
    },
  }
}

/**
 * Narrows each `*[filter]` of a freshly parsed query, in place, to the documents a term of the filter
 * selects, when the filter is a conjunction with a term `expr == constant` or `expr in [constants]` (the
 * parser inlines parameters) whose `expr` reads only the document. An alternative with a constant false
 * side (`$ids == null || _id in $ids` given ids) counts as its other side. The whole filter still runs on
 * those candidates, so results and their order are unchanged; only documents that could never match are
 * skipped.
 */
export function narrowFilters(tree: ExprNode, index: DatasetIndex): void {
  forEachNode(tree, (node) => {
    if (node.type !== 'Filter' || node.base.type !== 'Everything') return
    let candidates: SanityDocument[] | undefined
    for (const term of conjuncts(node.expr)) {
      const lookup = lookupOf(term)
      if (!lookup) continue
      const matching = index.matching(lookup.expr, lookup.values)
      if (!candidates || matching.length < candidates.length) candidates = matching
    }
    if (candidates) node.base = { type: 'Value', value: candidates }
  })
}

function conjuncts(node: ExprNode): ExprNode[] {
  if (node.type === 'And') return [...conjuncts(node.left), ...conjuncts(node.right)]
  if (node.type === 'Group') return conjuncts(node.base)
  if (node.type === 'Or' && isConstantFalse(node.left)) return conjuncts(node.right)
  if (node.type === 'Or' && isConstantFalse(node.right)) return conjuncts(node.left)
  return [node]
}

function lookupOf(node: ExprNode): { expr: ExprNode; values: Primitive[] } | undefined {
  if (node.type !== 'OpCall') return undefined
  if (node.op === 'in') {
    const values = constantList(node.right)
    return values && readsOnlyTheDocument(node.left) ? { expr: node.left, values } : undefined
  }
  if (node.op !== '==') return undefined
  for (const [expr, constant] of [
    [node.left, node.right],
    [node.right, node.left],
  ]) {
    if (expr && constant?.type === 'Value' && isPrimitive(constant.value) && readsOnlyTheDocument(expr)) {
      return { expr, values: [constant.value] }
    }
  }
  return undefined
}

/** `["a", "b"]` written in the query, or an array parameter the parser inlined. */
function constantList(node: ExprNode): Primitive[] | undefined {
  if (node.type === 'Value') return Array.isArray(node.value) && node.value.every(isPrimitive) ? node.value : undefined
  if (node.type !== 'Array') return undefined
  const values: Primitive[] = []
  for (const element of node.elements) {
    if (element.isSplat || element.value.type !== 'Value' || !isPrimitive(element.value.value)) return undefined
    values.push(element.value.value)
  }
  return values
}

/** An expression of literals alone (the parser inlines parameters) that is false, as `$ids == null` given ids. */
function isConstantFalse(node: ExprNode): boolean {
  return isConstant(node) && evaluateSync(node, {}).data === false
}

function isConstant(node: ExprNode): boolean {
  switch (node.type) {
    case 'Value':
      return true
    case 'Group':
    case 'Not':
      return isConstant(node.base)
    case 'OpCall':
      return isConstant(node.left) && isConstant(node.right)
    default:
      return false
  }
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
