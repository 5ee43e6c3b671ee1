/** The first message, in `fieldOrder`, among a form's field errors. */
export function firstErrorMessage<K extends string>(
  fieldOrder: readonly K[],
  errors: Partial<Record<K, { message?: string } | undefined>>,
): string | undefined {
  for (const field of fieldOrder) {
    const message = errors[field]?.message
    if (message) return message
  }
  return undefined
}
