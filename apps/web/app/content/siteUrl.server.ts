/** The public origin of the site (canonical URLs, sitemap, share images), from SITE_URL at build time. */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  return (env.SITE_URL || 'http://localhost:4173').replace(/\/+$/, '')
}
