import type { LakeMutation } from './mutations'
import { randomId } from './mutations'

/**
 * The mutation option autoGenerateArrayKeys (https://www.sanity.io/docs/http-reference/mutation): every object
 * in an array gets a `_key`, unique within the array, where it has none, in new documents and in the values a
 * patch sets or inserts.
 */
export function withArrayKeys(mutation: LakeMutation): LakeMutation {
  if ('create' in mutation) return { create: keyed(mutation.create) }
  if ('createOrReplace' in mutation) return { createOrReplace: keyed(mutation.createOrReplace) }
  if ('createIfNotExists' in mutation) return { createIfNotExists: keyed(mutation.createIfNotExists) }
  if (!('patch' in mutation)) return mutation
  const { set, setIfMissing, insert, ...rest } = mutation.patch
  return {
    patch: {
      ...rest,
      ...(set === undefined ? {} : { set: keyed(set) }),
      ...(setIfMissing === undefined ? {} : { setIfMissing: keyed(setIfMissing) }),
      ...(isInsert(insert) ? { insert: { ...insert, items: keyedItems(insert.items) } } : {}),
    },
  }
}

const isInsert = (value: unknown): value is { items: unknown[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items)

function keyed<T>(value: T): T {
  if (Array.isArray(value)) return keyedItems(value) as T
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, keyed(child)])) as T
}

function keyedItems(items: unknown[]): unknown[] {
  return items.map((item) => {
    const child = keyed(item)
    if (typeof child !== 'object' || child === null || Array.isArray(child) || '_key' in child) return child
    return { _key: randomId(12), ...child }
  })
}
