import { once } from 'node:events'
import { existsSync, readdirSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { check, LinkState } from 'linkinator'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A port nothing listens on now, for linkinator's own server of the files. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  server.close()
  await once(server, 'close')
  return port
}

/**
 * Guides being written on other branches at the same time as the README links them (issues 39–42). Each is
 * allowed to be missing until its branch lands; once it exists, its links are checked like any other file's.
 */
const guidesOnTheirWay = [
  'docs/lead-safety.md',
  'docs/releases.md',
  'docs/experiments.md',
  'docs/lead-follow-through.md',
]

const markdownUnder = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.includes('node_modules'))
    .map((file) => join(folder, file))

describe('the documentation links', () => {
  it('every link between the README, docs/ and bench/ reaches a file', async () => {
    const checkerPort = await freePort()
    const { links } = await check({
      serverRoot: root,
      path: ['README.md', ...markdownUnder('docs'), ...markdownUnder('bench')],
      markdown: true,
      recurse: true,
      port: checkerPort,
      // The web (and the local servers the guides name) is unreachable here: only the repository's files are followed.
      linksToSkip: async (link) => !link.startsWith(`http://localhost:${checkerPort}/`),
    })
    const broken = links
      .filter(({ state }) => state === LinkState.BROKEN)
      .map(({ url, parent }) => `${parent ?? ''} → ${url}`)
      .filter((link) => !guidesOnTheirWay.some((guide) => link.endsWith(guide) && !existsSync(join(root, guide))))
    expect(links.length).toBeGreaterThan(50)
    expect(broken).toEqual([])
  })
})
