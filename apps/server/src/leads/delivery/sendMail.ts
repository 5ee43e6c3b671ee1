import nodemailer from 'nodemailer'
import type { RenderedEmail } from './renderMessage.tsx'
import type { SendResult } from './sendWebhook.ts'

export interface Mailer {
  send: (email: RenderedEmail) => Promise<SendResult>
  close: () => void
}

/**
 * Sends e-mail through SMTP_URL with nodemailer. The SMTP reply code is the attempt's status: 250 accepted;
 * a 4xx reply or a connection that failed is retried; a 5xx reply is permanent (`verdict: 'misconfigured'`).
 * Without SMTP_URL there is no mailer: the outbox then claims no e-mail and leaves it to a process that has one.
 */
export function createMailer(smtpUrl: string | undefined, timeoutMs: number): Mailer | undefined {
  if (!smtpUrl) return undefined
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  return {
    send: async (email) => {
      try {
        const info = await transport.sendMail({
          messageId: email.messageId,
          from: email.from,
          to: email.to,
          replyTo: email.replyTo,
          subject: email.subject,
          text: email.text,
          html: email.html,
        })
        const status = replyCode(info.response) ?? 250
        const rejected = info.rejected.length
        return { status, error: rejected ? `${rejected} of the recipients refused` : null, retryAfter: null }
      } catch (error) {
        return mailFailure(error)
      }
    },
    close: () => transport.close(),
  }
}

function replyCode(response: unknown): number | undefined {
  const code = typeof response === 'string' ? /^(\d{3})/.exec(response)?.[1] : undefined
  return code ? Number(code) : undefined
}

/** A refusal by its reply code (permanent from 500 on), or a connection failure by its code (retried). */
function mailFailure(error: unknown): SendResult {
  const fields = (error ?? {}) as { responseCode?: unknown; response?: unknown; code?: unknown; message?: unknown }
  const status = typeof fields.responseCode === 'number' ? fields.responseCode : null
  const said = typeof fields.response === 'string' ? fields.response : undefined
  const text = said ?? (typeof fields.code === 'string' ? fields.code : String(fields.message ?? 'failed'))
  return {
    status,
    error: text.slice(0, 500),
    retryAfter: null,
    ...(status !== null && status >= 500 ? { verdict: 'misconfigured' as const } : {}),
  }
}
