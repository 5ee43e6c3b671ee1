/** Vite inlines every VITE_ variable into the browser bundle, so a token there would be published. */
export function assertNoSecretsInClientEnv(env: Record<string, string | undefined>): void {
  const leaking = Object.entries(env).filter(
    ([name, value]) =>
      name.startsWith('VITE_') &&
      value &&
      (/TOKEN|SECRET|PASSWORD|PRIVATE/i.test(name) || /^sk[A-Za-z0-9]{20,}/.test(value)),
  )
  if (leaking.length > 0) {
    throw new Error(
      `Refusing to build: ${leaking.map(([name]) => name).join(', ')} would be published in the browser bundle. ` +
        'Sanity tokens belong in SANITY_READ_TOKEN (read at build time only), never in a VITE_ variable.',
    )
  }
}
