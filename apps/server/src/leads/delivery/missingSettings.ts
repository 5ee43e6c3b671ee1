import type { LeadSendingJson } from '@site/leads/admin'
import type { LeadFormName } from '../db/tables.ts'
import type { LeadConfig } from '../leadConfig.ts'
import { CONFIRMATION_DESTINATION } from './confirmationLimits.ts'

/**
 * What this lead server lacks to deliver and notify a lead itself, for the operator (the Leads tool's "Not spam"
 * and Replay, `pnpm leads`): the notifications it cannot send wait, queued, for a lead server of the same store
 * that has the settings (the outbox claims only what it can send). Names settings, never their values.
 */
export function missingSettings(
  config: LeadConfig,
  form: LeadFormName,
  /** The lead's notifications by destination: all it has, and those waiting to be sent. */
  notifications: { all: string[]; waiting: string[] },
): string[] {
  const missing: string[] = []
  if (!config.webhooks[form]) missing.push(`no webhook is configured for the ${form} form on this lead server`)
  const team = notifications.all.filter((destination) => destination !== CONFIRMATION_DESTINATION)
  if (team.length === 0) {
    missing.push(
      'nobody is notified: no routing rule names anyone for it, and LEAD_NOTIFY_EMAIL is not set on this lead server',
    )
  }
  const mail = notifications.waiting.filter((destination) => /^(email|digest):/.test(destination))
  if (mail.length > 0 && !config.notify.smtpUrl) {
    missing.push('no mail server is configured on this lead server (SMTP_URL), the team e-mail waits for one')
  }
  for (const destination of new Set(notifications.waiting)) {
    const channel = destination.startsWith('chat:') ? destination.slice('chat:'.length) : undefined
    if (channel && !config.notify.chatChannels[channel]) {
      missing.push(
        `the ${channel} chat channel is not in this lead server's LEAD_CHAT_WEBHOOKS, its post waits for one that has it`,
      )
    }
  }
  return missing
}

/**
 * What this lead server can send, as `/api/admin/health` answers it (`pnpm leads health`): the mail server without
 * its credentials, the sender, how many LEAD_NOTIFY_EMAIL addresses, the chat channels by name and kind. Never a
 * password, a webhook address or a recipient.
 */
export function sendingSettings(config: LeadConfig): LeadSendingJson {
  return {
    mail: config.notify.smtpUrl ? mailServerOf(config.notify.smtpUrl) : null,
    from: config.notify.from,
    notifyEmails: config.notify.notifyEmails.length,
    chat: Object.entries(config.notify.chatChannels).map(([name, channel]) => ({ name, format: channel.format })),
  }
}

/** `smtp://user:secret@mail.example.com:587` → `smtp://mail.example.com:587`. */
function mailServerOf(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl)
    return `${url.protocol}//${url.host}`
  } catch {
    return 'set, but not a URL'
  }
}
