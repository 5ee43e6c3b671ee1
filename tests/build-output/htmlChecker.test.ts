import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { relative } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { htmlDocuments, PRODUCTION, requireBuild } from './support/builtSite'

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: 'warning' | 'fatal'
  url: string
  lastLine?: number
  message: string
  extract?: string
}

/** The W3C Nu HTML Checker over every page of the production build, in one Java process. */
async function checkHtml(files: string[]): Promise<VnuMessage[]> {
  // vnu exits 1 when it reports an error; the JSON report on stderr is what counts.
  const { stderr } = await promisify(execFile)(
    'java',
    ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages
}

it('every page of the production build passes the W3C Nu HTML Checker with no error', async () => {
  requireBuild(PRODUCTION, 'pnpm build')
  const documents = htmlDocuments(PRODUCTION)
  expect(documents.length).toBeGreaterThanOrEqual(27)
  const messages = await checkHtml(documents.map(({ file }) => file))
  const errors = messages
    .filter(({ type }) => type !== 'info')
    .map(({ url, lastLine, message }) => `${relative(PRODUCTION, new URL(url).pathname)}:${lastLine ?? '?'} ${message}`)
  expect(errors).toEqual([])
}, 120_000)
