import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { assertNoSecretsInClientEnv } from '../../../apps/web/vite/assertNoSecretsInClientEnv'
import {
  applyContentSecurityPolicy,
  contentSecurityPolicy,
  cspSourcesFromConfig,
  inlineScriptHashes,
} from '../../../apps/web/vite/contentSecurityPolicy'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('the Content Security Policy of the built site', () => {
  it('hashes every inline script but JSON-LD data blocks and external scripts', () => {
    const html =
      '<script>window.a=1</script><script type="module" async="">import "/x.js"</script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script><script src="/y.js"></script>'
    expect(inlineScriptHashes(html)).toEqual([sha256('window.a=1'), sha256('import "/x.js"')])
  })

  it('allows the webhooks of a direct build, the Sanity API, the policy document host and the Studio only', () => {
    const sources = cspSourcesFromConfig(
      {
        VITE_LEAD_DELIVERY: 'direct',
        VITE_CONTACT_WEBHOOK_URL: 'https://hooks.example.com/catch/1',
        VITE_GUIDE_WEBHOOK_URL: 'https://hooks.example.com/catch/2',
        VITE_GIVEAWAY_WEBHOOK_URL: '',
        SANITY_PROJECT_ID: 'abc123',
        SANITY_STUDIO_URL: 'https://advisorgrowth.sanity.studio',
      },
      ['https://docs.google.com/document/d/e/x/pub?embedded=true', 'javascript:alert(1)'],
    )
    expect(sources).toEqual({
      connect: [
        'https://hooks.example.com',
        'https://hooks.example.com',
        'https://abc123.api.sanity.io',
        'https://abc123.apicdn.sanity.io',
      ],
      frame: ['https://docs.google.com'],
      frameAncestors: ['https://advisorgrowth.sanity.studio'],
    })
    expect(contentSecurityPolicy(["'sha256-abc'"], sources)).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://cdn.sanity.io; " +
        "font-src 'self'; connect-src 'self' https://hooks.example.com https://abc123.api.sanity.io https://abc123.apicdn.sanity.io; " +
        "frame-src https://docs.google.com; object-src 'none'; base-uri 'none'; form-action 'self'; " +
        "frame-ancestors 'self' https://advisorgrowth.sanity.studio",
    )
  })

  it('lets a default build (forms post to the site itself) reach no webhook, even with addresses configured', () => {
    const sources = cspSourcesFromConfig({ VITE_CONTACT_WEBHOOK_URL: 'https://hooks.example.com/catch/1' }, [])
    expect(sources.connect).toEqual([])
    expect(contentSecurityPolicy([], sources)).toContain("connect-src 'self';")
  })

  it('writes a meta policy into every page and a _headers rule per route', () => {
    const dist = mkdtempSync(join(tmpdir(), 'csp-'))
    mkdirSync(join(dist, 'about'))
    writeFileSync(join(dist, 'index.html'), '<html><head></head><body><script>home()</script></body></html>')
    writeFileSync(join(dist, 'about', 'index.html'), '<html><head></head><body><script>about()</script></body></html>')
    writeFileSync(join(dist, '404.html'), '<html><head></head><body><script>missing()</script></body></html>')
    applyContentSecurityPolicy(dist, { connect: [], frame: [], frameAncestors: [] })

    expect(readFileSync(join(dist, '404.html'), 'utf8')).toContain(
      `<head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' ${sha256('missing()')};`,
    )
    const headers = readFileSync(join(dist, '_headers'), 'utf8')
    expect(headers).toContain(
      `/about\n  Content-Security-Policy: default-src 'self'; script-src 'self' ${sha256('about()')};`,
    )
    expect(headers).toContain(
      `/about/\n  Content-Security-Policy: default-src 'self'; script-src 'self' ${sha256('about()')};`,
    )
    expect(headers).toContain(
      `/\n  Content-Security-Policy: default-src 'self'; script-src 'self' ${sha256('home()')};`,
    )
    expect(headers).toContain("frame-src 'none'")
    expect(headers.startsWith('/*\n  X-Content-Type-Options: nosniff\n')).toBe(true)
  })
})

describe('no Sanity token in the browser bundle', () => {
  it('refuses to build when a token is placed in a VITE_ variable', () => {
    expect(() => assertNoSecretsInClientEnv({ VITE_SANITY_TOKEN: 'skAbc' })).toThrow(
      'Refusing to build: VITE_SANITY_TOKEN would be published in the browser bundle.',
    )
    expect(() => assertNoSecretsInClientEnv({ VITE_PROJECT: `sk${'a'.repeat(40)}` })).toThrow('VITE_PROJECT')
  })

  it('accepts public configuration and server-only tokens', () => {
    expect(() =>
      assertNoSecretsInClientEnv({
        VITE_CONTACT_WEBHOOK_URL: 'https://hooks.example.com/1',
        SANITY_READ_TOKEN: 'skSecret',
      }),
    ).not.toThrow()
  })
})
