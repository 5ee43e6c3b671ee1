import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'

/** A message the SMTP server accepted, parsed as a mail client reads it. */
export interface ReceivedMail {
  envelopeTo: string[]
  parsed: ParsedMail
  acceptedAt: number
}

/** How the server answers a message's DATA: accept (250), or refuse with a reply code and text. */
export type SmtpAnswer = 'accept' | { code: number; text: string }

/**
 * A real SMTP server (the `smtp-server` package) on a loopback port, in the test process. Plain SMTP
 * (no STARTTLS, no AUTH), as a relay on a private network is. `answer(index)` decides each DATA reply;
 * `refuseRecipient` refuses RCPT TO for matching addresses.
 */
export async function startSmtpSink(
  options: {
    port?: number
    answer?: (index: number) => SmtpAnswer
    refuseRecipient?: (address: string) => SmtpAnswer
    /** Told of each accepted message (the browser tests' recorder keeps it for their specs). */
    onAccept?: (mail: ReceivedMail) => void
  } = {},
) {
  const accepted: ReceivedMail[] = []
  const replies: number[] = []
  let dataCount = 0
  const refusal = (answer: { code: number; text: string }) =>
    Object.assign(new Error(answer.text), { responseCode: answer.code })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = options.refuseRecipient?.(address.address) ?? 'accept'
      if (answer === 'accept') callback()
      else {
        replies.push(answer.code)
        callback(refusal(answer))
      }
    },
    onData(stream, session: SMTPServerSession, callback) {
      const index = dataCount++
      simpleParser(stream).then(
        (parsed) => {
          const answer = options.answer?.(index) ?? 'accept'
          if (answer !== 'accept') {
            replies.push(answer.code)
            return callback(refusal(answer))
          }
          replies.push(250)
          const mail = {
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            parsed,
            acceptedAt: Date.now(),
          }
          accepted.push(mail)
          options.onAccept?.(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    /** Every reply code given to a message or recipient, in order. */
    replies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.map((entry) => entry.address ?? ''),
  )
