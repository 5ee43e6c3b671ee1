// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { leadConfigFromEnv } from '../../apps/server/src/leads/leadConfig'
import { findLead } from '../../apps/server/src/leads/store/queries'
import { buildContactPayload } from '../../apps/web/app/forms/contact/contactPayload'
import { useLeadServer } from './support/leadServer'

/**
 * The lead server with a hosted Sanity project: the Studio's Leads tool sends the signed-in user's own Sanity
 * token, and the server asks Sanity's `GET /users/me` on the project's host who that is, as the Studio does.
 * Sanity is a real HTTP server here answering what Sanity answers: the current user with the project's roles
 * (`roles: [{name, title, description}]`, and the older single `role`), `{}` without a token, and 401
 * "Session not found" for a token it does not know or that has expired.
 */
const PROJECT = 'p1x2y3z4'
const MEMBERS: Record<string, { roles: string[] }> = {
  'sk-administrator': { roles: ['administrator'] },
  'sk-editor': { roles: ['editor'] },
  'sk-viewer': { roles: ['viewer'] },
  'sk-custom-marketing': { roles: ['viewer', 'marketing'] },
}
const ROLE_TITLES: Record<string, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  viewer: 'Viewer',
  marketing: 'Marketing',
}

type SanityMode = 'up' | 'answers 502' | 'answers 429' | 'answers HTML' | 'refuses connections'

/** A stand-in for `https://<projectId>.api.sanity.io` on a loopback port. */
async function startFakeSanity() {
  const asked: Array<{ path: string; authorization: string | undefined; project: string | undefined }> = []
  const members = structuredClone(MEMBERS)
  let mode: SanityMode = 'up'
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    asked.push({
      path: req.url ?? '',
      authorization: req.headers.authorization,
      project: req.headers['x-sanity-project-id'] as string | undefined,
    })
    if (mode === 'answers 502') return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>')
    if (mode === 'answers 429') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '10' })
      return res.end(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }))
    }
    if (mode === 'answers HTML') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>portal</html>')
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
    if (!/^\/v\d{4}-\d{2}-\d{2}\/users\/me$/.test(req.url ?? '')) return json(404, { error: 'Not Found' })
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!token) return json(200, {})
    const member = members[token]
    if (!member) {
      return json(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Session not found',
        errorCode: 'SIO-401-ANF',
      })
    }
    const roles = member.roles.map((name) => ({ name, title: ROLE_TITLES[name] ?? name, description: '' }))
    return json(200, {
      id: `p${token.slice(3, 12)}`,
      name: token,
      email: `${token}@example.com`,
      profileImage: null,
      role: member.roles[0] ?? null,
      roles,
      provider: 'google',
    })
  }
  let server: Server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return {
    origin: `http://127.0.0.1:${port}`,
    asked,
    members,
    setMode: async (next: SanityMode) => {
      if (mode === 'refuses connections' && next !== mode) {
        server = createServer(handle)
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
      } else if (next === 'refuses connections' && mode !== next) {
        await close()
      }
      mode = next
    },
    close: () => (mode === 'refuses connections' ? Promise.resolve() : close()),
  }
}

describe('where the lead server checks a Studio session', () => {
  it('asks the project’s own host on Sanity’s API unless a test points it elsewhere', () => {
    // Without LEADS_SANITY_API_ORIGIN (a test's setting), the project's own host on Sanity's API.
    const hosted = leadConfigFromEnv({ SANITY_STUDIO_PROJECT_ID: PROJECT, LEADS_ADMIN_TOKEN: 'x' }).sanityAuth
    expect(hosted).toStrictEqual({
      apiOrigin: `https://${PROJECT}.api.sanity.io`,
      projectId: PROJECT,
      readRoles: ['administrator', 'editor'],
      manageRoles: ['administrator'],
    })
    expect(leadConfigFromEnv({ SANITY_PROJECT_ID: PROJECT, LEADS_ADMIN_TOKEN: 'x' }).sanityAuth?.apiOrigin).toBe(
      `https://${PROJECT}.api.sanity.io`,
    )
  })
})

describe('the admin API with a hosted Sanity project: the Studio user’s session, checked with Sanity', () => {
  let sanity: Awaited<ReturnType<typeof startFakeSanity>>
  const server = useLeadServer('embedded', {
    // The contact form's webhook answers 404: its leads are set aside as misconfigured, for a replay.
    answer: () => ({ status: 404 }),
  })

  beforeEach(async () => {
    sanity = await startFakeSanity()
    await server.start({
      LEADS_SANITY_PROJECT_ID: PROJECT,
      LEADS_SANITY_API_ORIGIN: sanity.origin,
      LEADS_STUDIO_ORIGINS: 'https://advisorgrowth.sanity.studio',
      LEADS_READ_ROLES: 'administrator,editor,marketing',
      LEADS_MANAGE_ROLES: 'administrator',
    })
  })

  afterEach(async () => {
    vi.useRealTimers()
    await sanity.close()
  })

  const as = (token: string | undefined, path: string, init: RequestInit = {}) =>
    server.service.app.request(path, {
      ...init,
      headers: {
        origin: 'https://advisorgrowth.sanity.studio',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    })
  const post = (token: string, path: string, body?: unknown) =>
    as(token, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const askedWith = (token: string) => sanity.asked.filter((request) => request.authorization === `Bearer ${token}`)

  /** A lead whose delivery the webhook refused (404): misconfigured, so it can be replayed. */
  async function misconfiguredLead(email: string): Promise<string> {
    const response = await server.service.app.request('/api/leads/contact', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:4173',
        origin: 'http://127.0.0.1:4173',
        'content-type': 'application/json',
        'idempotency-key': `key-${email.replace(/\W/g, '-')}`,
      },
      body: JSON.stringify({
        payload: buildContactPayload({
          name: 'Ann Lee',
          email,
          phone: '',
          company: 'Lee Wealth',
          interest: 'app',
          message: 'Hello',
        }),
      }),
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    await expect.poll(async () => (await findLead(server.service.store.db, id))?.delivery?.state).toBe('misconfigured')
    return id
  }

  it('lets a member with a read role list and open leads, and nothing more: replay, release, replay-all and forget are 403', async () => {
    const id = await misconfiguredLead('ann@example.com')
    const list = await as('sk-editor', '/api/admin/leads')
    expect(list.status).toBe(200)
    expect(list.headers.get('access-control-allow-origin')).toBe('https://advisorgrowth.sanity.studio')
    expect(((await list.json()) as { leads: Array<{ id: string }> }).leads.map((lead) => lead.id)).toStrictEqual([id])
    expect((await as('sk-editor', `/api/admin/leads/${id}`)).status).toBe(200)
    // The export too answers the Studio's origin, or the tool's download fails as unreachable.
    const csv = await as('sk-editor', '/api/admin/export.csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('access-control-allow-origin')).toBe('https://advisorgrowth.sanity.studio')
    expect(await (await as('sk-editor', '/api/admin/health')).json()).toMatchObject({ access: 'read' })
    // A custom project role named in LEADS_READ_ROLES reads too.
    expect((await as('sk-custom-marketing', '/api/admin/leads')).status).toBe(200)

    for (const token of ['sk-editor', 'sk-custom-marketing']) {
      const refused = [
        await post(token, `/api/admin/leads/${id}/replay`),
        await post(token, `/api/admin/leads/${id}/release`),
        await post(token, '/api/admin/replay?state=misconfigured'),
        await post(token, '/api/admin/forget', { email: 'ann@example.com' }),
      ]
      expect(refused.map((response) => response.status)).toStrictEqual([403, 403, 403, 403])
      expect(await refused[0]?.json()).toStrictEqual({ error: 'Your role may read leads but not change them' })
    }
    const record = await findLead(server.service.store.db, id)
    expect(record?.delivery?.state).toBe('misconfigured')
    // Sanity was asked once per token, at the project's /users/me with the user's own token.
    expect(askedWith('sk-editor')).toStrictEqual([
      { path: '/v2025-02-19/users/me', authorization: 'Bearer sk-editor', project: PROJECT },
    ])
  })

  it('lets a member with a manage role replay and forget', async () => {
    const id = await misconfiguredLead('bo@example.com')
    expect(await (await as('sk-administrator', '/api/admin/health')).json()).toMatchObject({ access: 'manage' })
    const replayed = await post('sk-administrator', `/api/admin/leads/${id}/replay`)
    expect(replayed.status).toBe(202)
    expect(await replayed.json()).toMatchObject({ replayed: true })
    const forgot = await post('sk-administrator', '/api/admin/forget', { email: 'bo@example.com' })
    expect(forgot.status).toBe(200)
    expect(await forgot.json()).toMatchObject({ erased: { leads: 1, consents: 0 } })
    expect(await findLead(server.service.store.db, id)).toBeUndefined()
  })

  it('answers 401 to no token, an unknown or expired token, and 403 to a member whose role may not see leads', async () => {
    await misconfiguredLead('cy@example.com')
    const noToken = await as(undefined, '/api/admin/leads')
    expect(noToken.status).toBe(401)
    const expired = await as('sk-expired-session', '/api/admin/leads')
    expect(expired.status).toBe(401)
    expect(await expired.json()).toStrictEqual({
      error: 'A signed-in Studio user with access to leads, or the admin token, is required',
    })
    // An empty Bearer value and a non-Bearer header are no token at all: Sanity is not asked.
    expect((await as(undefined, '/api/admin/leads', { headers: { authorization: 'Bearer ' } })).status).toBe(401)
    expect((await as(undefined, '/api/admin/leads', { headers: { authorization: 'Basic sk-editor' } })).status).toBe(
      401,
    )
    const viewer = await as('sk-viewer', '/api/admin/leads')
    expect(viewer.status).toBe(403)
    expect(await viewer.json()).toStrictEqual({
      error: 'Your project role may not see leads: ask a project administrator for one that may',
    })
    expect(sanity.asked.map((request) => request.authorization)).toStrictEqual([
      'Bearer sk-expired-session',
      'Bearer sk-viewer',
    ])
  })

  it.each<SanityMode>(['refuses connections', 'answers 502', 'answers 429', 'answers HTML'])(
    'answers 503, never access and never 500, when Sanity %s; and asks again once Sanity is back',
    async (mode) => {
      await sanity.setMode(mode)
      const during = await as('sk-administrator', '/api/admin/leads')
      expect(during.status).toBe(503)
      expect(during.headers.get('retry-after')).toBe('30')
      expect(await during.json()).toStrictEqual({
        error: 'Sanity cannot confirm your session right now, so leads stay closed: try again shortly',
      })
      expect((await post('sk-administrator', '/api/admin/forget', { email: 'ann@example.com' })).status).toBe(503)
      const logged = server.log.entries.filter((entry) => entry.event === 'sanity-auth-unavailable')
      expect(logged.length).toBeGreaterThan(0)
      expect(JSON.stringify(logged)).not.toContain('sk-administrator')

      // An outage is not remembered: the first request after it is answered.
      await sanity.setMode('up')
      expect((await as('sk-administrator', '/api/admin/leads')).status).toBe(200)
    },
  )

  it('keeps each answer 30 s: a removed role or an expired session counts within that, not forever', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:00Z') })
    expect((await as('sk-editor', '/api/admin/leads')).status).toBe(200)
    // The Studio's list, a lead and its export at once: one question to Sanity.
    const together = await Promise.all([
      as('sk-editor', '/api/admin/leads'),
      as('sk-editor', '/api/admin/health'),
      as('sk-editor', '/api/admin/export.csv'),
    ])
    expect(together.map((response) => response.status)).toStrictEqual([200, 200, 200])
    expect(askedWith('sk-editor')).toHaveLength(1)

    // An administrator takes the editor's role away, and the viewer's session ends.
    expect((await as('sk-viewer', '/api/admin/leads')).status).toBe(403)
    sanity.members['sk-editor'] = { roles: ['viewer'] }
    delete sanity.members['sk-viewer']
    vi.setSystemTime(new Date('2026-11-25T12:00:29Z'))
    expect((await as('sk-editor', '/api/admin/leads')).status).toBe(200)
    expect((await as('sk-viewer', '/api/admin/leads')).status).toBe(403)
    expect(askedWith('sk-editor')).toHaveLength(1)

    vi.setSystemTime(new Date('2026-11-25T12:00:31Z'))
    expect((await as('sk-editor', '/api/admin/leads')).status).toBe(403)
    expect((await as('sk-viewer', '/api/admin/leads')).status).toBe(401)
    expect(askedWith('sk-editor')).toHaveLength(2)
    expect(askedWith('sk-viewer')).toHaveLength(2)

    // A failed check is not kept either: during an outage every request asks again.
    await sanity.setMode('answers 502')
    vi.setSystemTime(new Date('2026-11-25T12:01:10Z'))
    expect((await as('sk-administrator', '/api/admin/leads')).status).toBe(503)
    expect((await as('sk-administrator', '/api/admin/leads')).status).toBe(503)
    expect(askedWith('sk-administrator')).toHaveLength(2)
  })

  it('answers CORS for the Studio’s origin only', async () => {
    const preflight = (origin: string) =>
      server.service.app.request('/api/admin/leads', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      })
    const studio = await preflight('https://advisorgrowth.sanity.studio')
    expect(studio.status).toBe(204)
    expect(studio.headers.get('access-control-allow-origin')).toBe('https://advisorgrowth.sanity.studio')
    expect(studio.headers.get('access-control-allow-headers')).toBe('authorization, content-type')
    const other = await preflight('https://evil.example')
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect(other.status).toBe(401)
    expect(sanity.asked).toStrictEqual([])
  })
})
