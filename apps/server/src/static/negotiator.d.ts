// negotiator 1.1 ships no types (@types/negotiator describes 0.6, without the `preferred` order).
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http'

  export default class Negotiator {
    constructor(request: IncomingMessage)
    /** The client's most acceptable of `available`; ties go to the earliest of `preferred`. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined
  }
}
