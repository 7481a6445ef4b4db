/** Sends mail through SMTP_URL; without it, writes the message to the log so a link still reaches the operator. */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An iCalendar invitation (or cancellation): sent as a text/calendar part and an .ics attachment. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP connections kept open by each instance. */
export const SMTP_CONNECTIONS = 4;

export function createMailer(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): Mailer {
  if (!smtpUrl) {
    return {
      send: (mail) => {
        log.info({ mail }, 'SMTP_URL is not set: this e-mail was not sent');
        return Promise.resolve();
      },
      close: () => undefined,
    };
  }
  // Pooled: the outbox sends several mails at once over a few kept connections, not one
  // connection per mail. Settings in the URL (`?pool=false`, `maxConnections=`) win.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 100,
  });
  return {
    send: async ({ calendar, ...mail }) => {
      await transport.sendMail({
        from,
        ...mail,
        ...(calendar
          ? { icalEvent: { method: calendar.method, filename: 'invitation.ics', content: calendar.content } }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
