import type { z } from 'zod'

/** `T` with every property required and non-null, at every depth: its shape, whatever its optionality. */
export type Definite<T> = DefiniteValue<NonNullable<T>>

type DefiniteValue<T> = T extends readonly (infer Item)[]
  ? Definite<Item>[]
  : T extends object
    ? { [K in keyof T]-?: Definite<T[K]> }
    : T

export type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * Whether a zod schema describes a type generated from the Studio schema (sanity.types.ts):
 * - what the schema outputs can be used wherever the generated type is expected; and
 * - both have the same fields with the same value types, at every depth, once optionality is set aside
 *   (the generated types make every field optional; the schema requires what the Studio requires).
 * Otherwise it names which of the two fails, so a type error says what drifted.
 */
export type Conforms<Schema extends z.ZodType, Generated> = [z.output<Schema>] extends [Generated]
  ? MutuallyAssignable<Definite<z.output<Schema>>, Definite<Generated>> extends true
    ? true
    : 'the schema and the generated type have different fields or value types'
  : 'what the schema outputs is not assignable to the generated type'

export type Expect<T extends true> = T
