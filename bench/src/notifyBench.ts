/**
 * `pnpm bench:notify`: speed to lead, timed against `pnpm serve` as its own process, with a real SMTP server
 * (smtp-server) and a chat receiver (HTTP) in this process:
 * - 100 contact leads one after another, each timed from the moment its POST starts (the visitor's click) to
 *   the team's e-mail accepted by the SMTP server (250) and to the chat message received;
 * - the daily digest at 10,000 leads a day: 10,000 leads routed to one recipient's digest stored in an
 *   embedded store, then the digest rendered (its query and React Email) as the outbox does at its hour.
 * Writes bench/notify-results.md.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SMTPServer } from 'smtp-server'
import { openLeadDatabase } from '../../apps/server/src/leads/db/database.ts'
import { notifyConfigFromEnv } from '../../apps/server/src/leads/delivery/notifyConfig.ts'
import { renderNotification } from '../../apps/server/src/leads/delivery/renderMessage.tsx'
import { planNotifications } from '../../apps/server/src/leads/delivery/routing.ts'
import { claimDueDeliveries } from '../../apps/server/src/leads/store/deliveryQueue.ts'
import { storeLead } from '../../apps/server/src/leads/store/intake.ts'
import { benchDir, repoRoot } from './paths.ts'
import { median } from './stats.ts'

const { values } = parseArgs({
  options: { leads: { type: 'string', default: '100' }, day: { type: 'string', default: '10000' } },
})
const LEADS = Number(values.leads)
const DAY = Number(values.day)
const PORT = 41_871
const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
const ms = (value: number) => `${Math.round(value)} ms`

const work = mkdtempSync(join(tmpdir(), 'notify-bench-'))
const site = join(work, 'site')
mkdirSync(site)
writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>')
writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title>')

const routing = {
  _id: 'leadRouting',
  _type: 'leadRouting',
  _rev: 'bench',
  rules: [{ _key: 'a', name: 'sales', hot: true, emails: ['sales@bench.test'], channels: ['sales'] }],
  otherwiseEmails: [],
  confirmations: [],
  lostReasons: [],
  rotation: [],
  escalationEmails: [],
}
const content = join(work, 'content.ndjson')
writeFileSync(content, JSON.stringify(routing))

// The team's e-mail and the chat message, each by the visitor's address, when they arrived.
const mailAt = new Map<string, number>()
const chatAt = new Map<string, number>()
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = ''
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString()
    })
    stream.on('end', () => {
      const replyTo = /^Reply-To: (.+)$/im.exec(raw)?.[1]?.trim()
      if (replyTo) mailAt.set(replyTo, performance.now())
      callback()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(PORT + 1, '127.0.0.1', () => resolve()))
const chat = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString()
  })
  req.on('end', () => {
    const email = /(visitor\.\d+@bench\.test)/.exec(body)?.[1]
    if (email) chatAt.set(email, performance.now())
    res.end('ok')
  })
})
await new Promise<void>((resolve) => chat.listen(PORT + 2, '127.0.0.1', () => resolve()))

const server = spawn(process.execPath, ['apps/server/run.mjs', 'serve', '--dir', site, '--port', String(PORT)], {
  cwd: repoRoot,
  env: {
    PATH: process.env.PATH,
    LEADS_DATA_DIR: join(work, 'leads'),
    LEADS_ADMIN_TOKEN: 'bench-notify',
    SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`,
    LEAD_EMAIL_FROM: 'Leads <leads@bench.test>',
    LEAD_CHAT_WEBHOOKS: `sales=http://127.0.0.1:${PORT + 2}/slack`,
    CONTENT_SEED_FILE: content,
    LEAD_RATE_LIMIT_PER_MINUTE: '100000',
  },
  stdio: ['ignore', 'pipe', process.env.BENCH_LOG ? 'inherit' : 'ignore'],
})
await new Promise<void>((resolve, reject) => {
  server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('Serving') && resolve())
  server.once('exit', (code) => reject(new Error(`pnpm serve exited with ${code}`)))
})

const origin = `http://127.0.0.1:${PORT}`
const toMail: number[] = []
const toChat: number[] = []
for (let index = 0; index < LEADS; index++) {
  const email = `visitor.${index}@bench.test`
  const clicked = performance.now()
  const response = await fetch(`${origin}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-notify-${index}-${Date.now()}`, origin },
    body: JSON.stringify({
      payload: {
        name: `Visitor ${index}`,
        email,
        phone: '555-000-0000',
        company: 'Bench Co',
        interest: 'ads',
        message: '',
        timestamp: new Date().toISOString(),
        source: 'advisorgrowth-website',
      },
      honeypot: '',
    }),
  })
  if (response.status !== 201) throw new Error(`lead ${index} answered ${response.status}`)
  const deadline = performance.now() + 30_000
  while ((!mailAt.has(email) || !chatAt.has(email)) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  toMail.push((mailAt.get(email) ?? Number.NaN) - clicked)
  toChat.push((chatAt.get(email) ?? Number.NaN) - clicked)
}
server.kill('SIGTERM')
smtp.close()
chat.close()

// The digest at 10,000 leads a day, in an embedded store of its own.
const config = notifyConfigFromEnv({ LEAD_EMAIL_FROM: 'Leads <leads@bench.test>', LEAD_DIGEST_HOUR_UTC: '17' })
const store = await openLeadDatabase({ dataDir: join(work, 'digest') })
const digestRouting = {
  _id: 'leadRouting',
  _rev: 'bench',
  rules: [],
  otherwiseEmails: ['digest@bench.test'],
  confirmations: [],
  lostReasons: [],
  rotation: [],
  escalationEmails: [],
}
const day = new Date(Date.UTC(2026, 10, 25, 17))
const storing = performance.now()
for (let index = 0; index < DAY; index++) {
  const now = new Date(day.getTime() + Math.floor((index / DAY) * 86_399_000))
  const payload = {
    name: `Digest ${index}`,
    email: `digest.${index}@bench.test`,
    phone: '',
    company: 'Bench Co',
    interest: 'funnels',
    message: '',
    timestamp: now.toISOString(),
    source: 'advisorgrowth-website',
  }
  await storeLead(store.db, {
    form: 'contact',
    idempotencyKey: `digest-${index}`,
    payload,
    deliver: false,
    now,
    notifications: planNotifications({ form: 'contact', payload, routing: digestRouting, config, now }),
  })
}
const storedIn = performance.now() - storing
const dueAt = new Date(day.getTime() + 86_400_000)
const [digest] = await claimDueDeliveries(store.db, {
  destination: { prefix: 'digest:' },
  limit: 1,
  now: dueAt,
  leaseMs: 60_000,
})
if (!digest) throw new Error('no digest was queued')
const digestCount = await store.db
  .selectFrom('deliveries')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('destination', 'like', 'digest:%')
  .executeTakeFirstOrThrow()
const rendering = performance.now()
const rendered = await renderNotification(digest, config, store.db)
const renderMs = performance.now() - rendering
const memory = process.memoryUsage().rss
await store.close()
rmSync(work, { recursive: true, force: true })

const lines = [
  '# Notification figures (`pnpm bench:notify`)',
  '',
  `Run ${new Date().toISOString()} on ${cpus().length} cores, load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}; \`pnpm serve\` as its own process on the embedded store, the SMTP server (smtp-server) and the`,
  'chat receiver in the bench process, on loopback. Leads posted one after another.',
  '',
  `| ${LEADS} contact leads, from the POST's start | median | p95 | slowest |`,
  '| --- | --- | --- | --- |',
  `| to the team's e-mail accepted (250) | ${ms(median(toMail))} | ${ms(percentile(toMail, 95))} | ${ms(Math.max(...toMail))} |`,
  `| to the chat message received | ${ms(median(toChat))} | ${ms(percentile(toChat, 95))} | ${ms(Math.max(...toChat))} |`,
  '',
  `Target: p95 under 2 s (issue 34). ${toMail.filter(Number.isNaN).length + toChat.filter(Number.isNaN).length} notifications did not arrive within 30 s.`,
  '',
  `**The digest at ${DAY.toLocaleString('en-US')} leads a day** (one recipient, every lead routed to the digest):`,
  `- storing them with their routing: ${(storedIn / 1000).toFixed(1)} s in all; ${Number(digestCount.n)} digest delivery queued (the others found the day's one by its key);`,
  `- rendering the digest at its hour (the query of the day's leads, filtered to the recipient, and React Email): ${ms(renderMs)};`,
  '- the digest lists at most 100 leads (Gmail clips a message past 102 kB), then counts the rest and links the Leads tool;',
  `- the e-mail: ${Math.round((rendered.email?.html.length ?? 0) / 1024)} kB of HTML, ${Math.round((rendered.email?.text.length ?? 0) / 1024)} kB of text; the bench process's RSS after it ${Math.round(memory / 1_048_576)} MB.`,
  '',
]
writeFileSync(join(benchDir, 'notify-results.md'), lines.join('\n'))
console.log(lines.join('\n'))
