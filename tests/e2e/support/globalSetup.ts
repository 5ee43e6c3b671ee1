import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { memoryLog } from '../../../apps/server/src/leads/leadLog'
import { startSiteServer } from '../../../apps/server/src/siteServer'
import { startStaticServer } from '../../../apps/server/src/static/staticServer'
import { startSmtpSink } from '../../leads/support/smtpSink'
import { DIRECT_SITE_PORT, SITE_PORT } from '../playwright.config'
import { type RecordedEmail, TEAM_EMAIL } from './recordedWebhooks'
import { RECORDER_ORIGIN, startWebhookRecorder, WEBHOOK_RECORDER_PORT } from './webhookRecorder'

const webDir = (name: string) => fileURLToPath(new URL(`../../../apps/web/${name}`, import.meta.url))

/**
 * The default build (apps/web/dist) on the production server, whose outbox calls the webhook recorder;
 * the direct build (apps/web/dist-direct, VITE_LEAD_DELIVERY=direct) on a static server, whose browser
 * calls it. The lead store is a new embedded one in a temporary folder.
 */
export default async function globalSetup() {
  const leadData = mkdtempSync(join(tmpdir(), 'e2e-leads-'))
  const recorder = await startWebhookRecorder(WEBHOOK_RECORDER_PORT)
  // A real SMTP server for the team's e-mails: each accepted message is kept by the recorder as hook `smtp`.
  const smtp = await startSmtpSink({
    onAccept: (mail) =>
      recorder.record({
        hook: 'smtp',
        method: 'DATA',
        contentType: 'message/rfc822',
        webhookId: undefined,
        body: JSON.stringify({
          to: mail.envelopeTo,
          subject: mail.parsed.subject,
          replyTo: mail.parsed.replyTo?.text,
          text: mail.parsed.text,
        } satisfies RecordedEmail),
        receivedAt: new Date(mail.acceptedAt).toISOString(),
      }),
  })
  const site = await startSiteServer({
    dir: webDir('dist'),
    port: SITE_PORT,
    host: '127.0.0.1',
    log: memoryLog(),
    env: {
      LEADS_DATA_DIR: join(leadData, 'leads'),
      CONTACT_WEBHOOK_URL: `${RECORDER_ORIGIN}/hooks/contact`,
      GUIDE_WEBHOOK_URL: `${RECORDER_ORIGIN}/hooks/guide`,
      QUALIFY_WEBHOOK_URL: `${RECORDER_ORIGIN}/hooks/qualify`,
      GIVEAWAY_WEBHOOK_URL: `${RECORDER_ORIGIN}/hooks/giveaway`,
      // Every test submits from this one address; retries come quickly enough to watch.
      LEAD_RATE_LIMIT_PER_MINUTE: '100000',
      LEAD_OUTBOX_POLL_MS: '200',
      LEAD_RETRY_BASE_MS: '500',
      LEAD_WEBHOOK_TIMEOUT_MS: '2000',
      // The proof of work stays on (the browser solves it); but a test fills a form in well under the seconds
      // a person needs, and its tests send one address many times: those two checks are the spam tests' own.
      LEAD_SPAM_PROTECTION: 'on',
      LEAD_MIN_FILL_SECONDS: '0',
      LEAD_DUPLICATE_WINDOW: '0',
      // No routing document in the seed: every lead is e-mailed at once to LEAD_NOTIFY_EMAIL.
      SMTP_URL: smtp.url,
      LEAD_EMAIL_FROM: 'AdvisorGrowth Leads <leads@advisorgrowth.test>',
      LEAD_NOTIFY_EMAIL: TEAM_EMAIL,
    },
  })
  const direct = await startStaticServer({ dir: webDir('dist-direct'), port: DIRECT_SITE_PORT })
  return async () => {
    await site.close()
    await direct.close()
    await recorder.close()
    await smtp.close()
    rmSync(leadData, { recursive: true, force: true })
  }
}
