import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import type { Context } from 'hono'
import proxyaddr from 'proxy-addr'

/**
 * Which proxies in front of the server are trusted to say who the client is (TRUST_PROXY), as Express's
 * `trust proxy` and the `proxy-addr` package read it: a hop count (`1`: the one proxy in front of the server,
 * so the client is the address it appended, the rightmost X-Forwarded-For entry), or proxy addresses and
 * CIDRs (`127.0.0.1`, `10.0.0.0/8`, `loopback`, `uniquelocal`). Entries a client wrote itself, left of what a
 * trusted proxy appended, are never believed. Unset or `false`: the connection's address, no header read.
 */
import { ConfigurationError } from './leadLog.ts'

export type TrustProxy = { hops: number } | { addresses: string[] } | undefined

/** TRUST_PROXY as configured; `true` is refused, since trusting every hop means believing the client. */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const setting = value?.trim() ?? ''
  if (setting === '' || setting === 'false' || setting === '0') return undefined
  if (setting === 'true') {
    throw new ConfigurationError(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client writes: set the number of proxies in front of ' +
        'the server (1 behind one proxy) or their addresses (e.g. 10.0.0.0/8)',
    )
  }
  if (/^\d+$/.test(setting)) return { hops: Number(setting) }
  const addresses = setting
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  proxyaddr.compile(addresses) // throws on an address or CIDR it cannot read
  return { addresses }
}

/** The address a request came from: the connection's, or the client a trusted proxy names. */
export function clientAddressResolver(trust: TrustProxy): (c: Context) => string {
  const trusted =
    trust === undefined
      ? () => false
      : 'hops' in trust
        ? (_address: string, hop: number) => hop < trust.hops
        : proxyaddr.compile(trust.addresses)
  return (c) => {
    const address = proxyaddr(nodeRequestOf(c), trusted)
    // What a proxy appended is a header's text: kept to an address's length.
    return address ? address.slice(0, 64) : 'unknown'
  }
}

/** The Node request behind a Hono context, or (Hono's `app.request`, in tests) one with no connection. */
function nodeRequestOf(c: Context): IncomingMessage {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming
  if (incoming instanceof IncomingMessage) return incoming
  const request = new IncomingMessage(new Socket())
  const forwarded = c.req.header('x-forwarded-for')
  if (forwarded !== undefined) request.headers['x-forwarded-for'] = forwarded
  return request
}
