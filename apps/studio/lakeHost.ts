/**
 * The local Content Lake's address for this page: the same lake under a host name no other tab uses,
 * `http://tab-<random>.localhost:<port>` (the Studio prepends the project id to it).
 *
 * A browser opens at most six HTTP/1.1 connections per host name and port, and a Studio tab keeps two of them
 * for its listen streams (the open document and the global preview listener). Tabs sharing one name shared
 * those six, and a second tab could leave an edit waiting for a connection ("Saving…"). Chromium resolves every
 * `*.localhost` name to loopback and pools connections by name, so each tab gets six of its own. The name is
 * new on every page load rather than kept in sessionStorage: a duplicated tab copies that storage, and so does
 * a page opened with `window.open`, which would then share its name with the tab it came from.
 *
 * Any other host (a custom API domain) is kept as it is, and so is any address outside a browser.
 */
export function lakeHostForThisPage(apiHost: string): string {
  if (typeof window === 'undefined') return apiHost
  const url = new URL(apiHost)
  if (url.hostname !== 'localhost') return apiHost
  const random = crypto.getRandomValues(new Uint32Array(2))
  url.hostname = `tab-${Array.from(random, (part) => part.toString(36)).join('')}.localhost`
  return url.origin
}
