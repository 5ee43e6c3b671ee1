/** A failure the operator can act on: `pnpm leads` prints its message as one line and exits 1, with no stack. */
export class CliError extends Error {}
