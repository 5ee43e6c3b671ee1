import { timingSafeEqual } from 'node:crypto'

/**
 * Signing in to the local Content Lake, for a Studio opened without the address `pnpm studio` prints (a
 * lead's link from a team e-mail, a bookmark): the lake names one login provider (`/auth/providers`, in the
 * shape the Studio's login screen reads), and its page (`/auth/login`) takes the local editor token and sends
 * the browser back where it came from with `#token=…`, which the Studio keeps as its session. The way back
 * must be one of the Studio's own origins: the token never goes anywhere else.
 */

export const SIGN_IN_PATH = '/auth/login'

/** `GET /auth/providers`: the one provider, at this lake's address. */
export function loginProviders(lakeUrl: URL) {
  return {
    providers: [
      { name: 'local', title: 'Sign in with the local editor token', url: `${lakeUrl.origin}${SIGN_IN_PATH}` },
    ],
  }
}

export async function signInResponse(
  request: Request,
  options: { token: string; allowedOrigins: string[] },
): Promise<Response> {
  const url = new URL(request.url)
  const form = request.method === 'POST' ? new URLSearchParams(await request.text()) : url.searchParams
  const back = studioAddress(form.get('origin'), options.allowedOrigins)
  const page = (status: number, body: string) =>
    new Response(signInPage(body), {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The form posts here and is redirected to the Studio: form-action covers the redirect too.
        'content-security-policy':
          `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${back ? new URL(back).origin : ''}`.trimEnd(),
        'referrer-policy': 'no-referrer',
      },
    })
  if (!back) {
    return page(
      400,
      '<p role="alert">This sign-in page is opened from the Studio: open the Studio and choose “Sign in with the local editor token”.</p>',
    )
  }
  if (request.method === 'POST') {
    const given = form.get('token')?.trim() ?? ''
    if (sameSecret(given, options.token)) {
      return new Response(null, {
        status: 303,
        headers: { location: `${back}#token=${encodeURIComponent(options.token)}` },
      })
    }
    return page(
      401,
      `<p role="alert">That is not this lake’s editor token. Copy it again from the address <code>pnpm studio</code> printed.</p>${tokenForm(back)}`,
    )
  }
  if (request.method !== 'GET') return page(405, '<p role="alert">Open this page from the Studio.</p>')
  return page(200, tokenForm(back))
}

/** The Studio address to return to, when it is on one of the Studio's origins; else undefined. */
function studioAddress(given: string | null, allowedOrigins: string[]): string | undefined {
  if (!given) return undefined
  try {
    const url = new URL(given)
    if (!allowedOrigins.includes(url.origin)) return undefined
    url.hash = ''
    return url.href
  } catch {
    return undefined
  }
}

function tokenForm(back: string): string {
  return `
    <p>This Studio edits the local Content Lake on this computer. To sign in, either</p>
    <ol>
      <li>open the address that <code>pnpm studio</code> printed when it started (“Open the Studio as the local editor:
        ${escapeHtml(new URL(back).origin)}/#token=…”), or</li>
      <li>paste its token (the part after <code>#token=</code>, also kept in the file <code>.lake/token</code> of the
        repository) here:</li>
    </ol>
    <form method="post" action="${SIGN_IN_PATH}">
      <input type="hidden" name="origin" value="${escapeHtml(back)}">
      <label for="token">Local editor token</label>
      <input id="token" name="token" type="password" autocomplete="current-password" required spellcheck="false">
      <button type="submit">Sign in</button>
    </form>
    <p class="then">You go on to <span>${escapeHtml(back)}</span>.</p>`
}

function signInPage(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to the local Studio</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b2433; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f5f9; }
  main { box-sizing: border-box; width: min(34rem, 100% - 2rem); margin: 2rem 0; padding: 2rem; background: #fff;
    border: 1px solid #dde2ea; border-radius: 12px; box-shadow: 0 8px 24px rgb(27 36 51 / 0.08); }
  h1 { margin: 0 0 1rem; font-size: 1.4rem; }
  p, li { line-height: 1.5; }
  ol { padding-left: 1.25rem; }
  code { font-size: 0.9em; background: #eef1f6; padding: 0.1em 0.35em; border-radius: 4px; overflow-wrap: anywhere; }
  form { display: grid; gap: 0.5rem; margin: 1.25rem 0 0.75rem; }
  label { font-weight: 600; }
  input[type=password] { font: inherit; padding: 0.6rem 0.75rem; border: 1px solid #b8c1cf; border-radius: 8px; }
  button { font: inherit; font-weight: 600; padding: 0.65rem 1rem; border: 0; border-radius: 8px; background: #2276fc;
    color: #fff; cursor: pointer; }
  [role=alert] { padding: 0.75rem 1rem; border-radius: 8px; background: #fdecec; color: #8a1c1c; }
  .then { color: #5a6478; font-size: 0.9rem; overflow-wrap: anywhere; }
</style>
</head>
<body><main><h1>Sign in to the local Studio</h1>${body}</main></body>
</html>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
