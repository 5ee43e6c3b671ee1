interface ImportMetaEnv {
  /** Origin of the query API the client-only variant fetches its content from (set by bench/src/variants.ts). */
  readonly VITE_BENCH_CONTENT_API_ORIGIN: string
}
