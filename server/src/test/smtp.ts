/** A real SMTP server on a free local port that keeps what it receives, for tests of e-mail. */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

export interface TestInbox {
  url: string;
  /** Every mail received so far. */
  all(): ReceivedMail[];
  /** How many times a subject was refused (see `refuseFirst`). */
  refused: Map<string, number>;
  /** The first mail to `address`, waiting up to 10 s for it. */
  mailTo(address: string): Promise<ReceivedMail>;
  /** Every mail received so far to `address`. */
  allTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * `refuseFirst`: the first that many messages of each subject are refused with 451 (try again
 * later), as a server under load does — for the tests of retries.
 */
export async function startInbox({ refuseFirst = 0 }: { refuseFirst?: number } = {}): Promise<TestInbox> {
  const inbox: ReceivedMail[] = [];
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const subject = mail.subject ?? '';
          const count = refused.get(subject) ?? 0;
          if (count < refuseFirst) {
            refused.set(subject, count + 1);
            done(Object.assign(new Error('try again later'), { responseCode: 451 }));
            return;
          }
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          inbox.push({
            to: to?.value[0]?.address ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              content: attachment.content.toString('utf8'),
            })),
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    all: () => inbox,
    refused,
    async mailTo(address) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mail = inbox.find((m) => m.to === address);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail reached ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    allTo: (address) => inbox.filter((m) => m.to === address),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
