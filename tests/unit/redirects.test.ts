import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  redirectProblems,
  redirectsForMove,
  validateRedirectFrom,
  validateRedirectTo,
} from '@site/schemas/redirectRules'
import { http, passthrough } from 'msw'
import { describe, expect, it } from 'vitest'
import { startStaticServer } from '../../apps/server/src/static/staticServer'
import { validateRoutePaths } from '../../apps/web/app/content/validation/validateContent'
import { redirectsFile } from '../../apps/web/publish/staticSite'
import { server as msw } from './support/mswServer'

const ROUTES = ['/', '/about', '/resources', '/resources/scaling-guide']
const redirect = (_id: string, from: string, to: string) => ({ _id, from, to })

describe('redirect rules (the Studio and the build apply the same ones)', () => {
  it('accepts a redirect from an old address to a page, or to an https address elsewhere', () => {
    expect(redirectProblems([redirect('r1', '/old-about', '/about')], ROUTES)).toEqual([])
    expect(redirectProblems([redirect('r1', '/partners', 'https://partners.example.com/')], ROUTES)).toEqual([])
  })

  it('refuses a redirect from a live page, to a missing page, to itself, and a chain of two', () => {
    expect(
      redirectProblems(
        [
          redirect('hides', '/about', '/resources'),
          redirect('missing', '/old', '/nowhere'),
          redirect('loop', '/round', '/round'),
          redirect('first', '/a', '/b'),
          redirect('second', '/b', '/about'),
          redirect('twice', '/A/', '/about'),
        ],
        ROUTES,
      ),
    ).toEqual([
      {
        id: 'hides',
        field: 'from',
        message: '/about is the address of a page or resource: remove the redirect or move the page',
      },
      { id: 'twice', field: 'from', message: '/A/ is already redirected by first' },
      { id: 'missing', field: 'to', message: '/nowhere is not the address of a page or resource' },
      { id: 'loop', field: 'to', message: 'A redirect cannot lead to its own address' },
      {
        id: 'first',
        field: 'to',
        message: '/b is itself redirected (by second): lead straight to where that one goes',
      },
    ])
  })

  it('checks the format of each address', () => {
    expect(validateRedirectFrom('old')).toBe('The old address must be a path of this site, starting with "/"')
    expect(validateRedirectFrom('/old?x=1')).toBe(
      'Use the path alone: no spaces, query string (?), fragment (#) or wildcard (*)',
    )
    expect(validateRedirectTo('javascript:alert(1)')).toBe(
      'The new address must be a path of this site ("/about") or an https:// address',
    )
    expect(validateRedirectTo('/about')).toBe(true)
  })

  it('on a move: redirects the old address, moves redirects that led to it on, and frees the new address', () => {
    const existing = [
      { _id: 'older', from: '/scaling', to: '/resources/scaling-guide', permanent: true },
      { _id: 'reused', from: '/resources/growth', to: '/about', permanent: false },
    ]
    expect(redirectsForMove('/resources/scaling-guide', '/resources/growth', existing)).toEqual({
      save: [
        { _id: 'older', from: '/scaling', to: '/resources/growth', permanent: true },
        { from: '/resources/scaling-guide', to: '/resources/growth', permanent: true },
      ],
      remove: ['reused'],
    })
    expect(redirectsForMove('/about', '/about', existing)).toEqual({ save: [], remove: [] })
  })
})

describe('redirects in the build', () => {
  const routeList = {
    pages: [
      { _id: 'page.home', path: '/' },
      { _id: 'page.about', path: '/about' },
    ],
    resources: [],
    embedUrls: [],
  }

  it('fail the build naming the redirect document and field', () => {
    expect(() =>
      validateRoutePaths({
        ...routeList,
        redirects: [{ _id: 'redirect.bad', from: '/about', to: '/', permanent: true }],
      }),
    ).toThrow(
      'Malformed content in redirect "redirect.bad" at from: /about is the address of a page or resource: remove the redirect or move the page',
    )
  })

  it('are written for the host with and without a trailing slash, and pnpm serve answers them', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'redirects-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>')
    writeFileSync(join(dist, '404.html'), '<!doctype html><title>Not found</title>')
    writeFileSync(
      join(dist, '_redirects'),
      redirectsFile([
        { from: '/old-about', to: '/about', permanent: true },
        { from: '/spring-offer', to: '/', permanent: false },
      ]),
    )
    const server = await startStaticServer({ dir: dist })
    msw.use(http.get(`${server.origin}/*`, () => passthrough()))
    try {
      const answer = async (path: string) => {
        const response = await fetch(`${server.origin}${path}`, { redirect: 'manual' })
        return [response.status, response.headers.get('location')]
      }
      expect(await answer('/old-about')).toEqual([301, '/about'])
      expect(await answer('/old-about/')).toEqual([301, '/about'])
      expect(await answer('/spring-offer')).toEqual([302, '/'])
      expect(await answer('/never-was')).toEqual([404, null])
    } finally {
      await server.close()
    }
  })
})
