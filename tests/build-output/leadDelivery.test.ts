import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DIRECT, filesUnder, PRODUCTION, read, requireBuild } from './support/builtSite'

// scripts/test-all.sh builds both with the recorder's webhook addresses in the VITE_ variables (its port moved
// by E2E_PORT_OFFSET, as tests/e2e/support/webhookRecorder.ts moves it).
const RECORDER = `127.0.0.1:${4599 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`

function filesMentioning(dir: string, text: string): string[] {
  return filesUnder(dir).filter(
    (file) => /\.(js|html|data|json|txt|xml)$|_headers$/.test(file) && read(file).includes(text),
  )
}

describe('where the forms send leads', () => {
  it('the default build carries no webhook address, in its scripts or its policies: its forms post to the site', () => {
    requireBuild(PRODUCTION, 'pnpm build')
    expect(filesMentioning(PRODUCTION, RECORDER)).toEqual([])
    expect(filesMentioning(join(PRODUCTION, 'assets'), '/api/leads/').length).toBeGreaterThan(0)
  })

  it('a direct build (VITE_LEAD_DELIVERY=direct) calls the webhooks from the browser, and its policy allows them', () => {
    requireBuild(DIRECT, 'VITE_LEAD_DELIVERY=direct SITE_OUT_DIR=dist-direct pnpm build')
    expect(filesMentioning(join(DIRECT, 'assets'), `${RECORDER}/hooks/contact`).length).toBeGreaterThan(0)
    expect(read(join(DIRECT, '_headers'))).toContain(`connect-src 'self' http://${RECORDER}`)
  })
})
