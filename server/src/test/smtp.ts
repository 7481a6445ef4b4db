/**
 * A real SMTP server on a free local port that keeps what it receives: the one mail capture of the
 * server tests and the browser tests (e2e imports it), with waits on what arrives.
 */
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
  /** Every mail received so far (the inbox's own list: it grows as mail arrives). */
  all(): ReceivedMail[];
  /** How many times a subject was refused (see `refuseFirst`). */
  refused: Map<string, number>;
  /** How many messages' data arrived, whatever the answer (kept, refused or left hanging). */
  arrivals(): number;
  /** The first mail to `address`, waiting up to 10 s for it. */
  mailTo(address: string): Promise<ReceivedMail>;
  /** The first mail to `address`, waiting up to 10 s for it, taken out: the next call waits for the next one. */
  take(address: string): Promise<ReceivedMail>;
  /** Every mail received so far to `address`. */
  allTo(address: string): ReceivedMail[];
  /** The mails to `address` that `matches` keeps, once there are `count` of them (or after 10 s, those there are). */
  mailsTo(address: string, count: number, matches?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `refuseFirst`: the first that many messages of each subject are refused with `refuseCode` (451,
 * try again later, as a server under load does; 550 for a mailbox that does not exist) — for the
 * tests of retries. `hang`: every message's data is read and never answered, as by a server that
 * died mid-send — for the tests of a crash while sending (nothing is kept). `beforeAccept`: runs
 * once a message has arrived and before it is accepted (the sender then waits for the answer).
 */
export async function startInbox({
  refuseFirst = 0,
  refuseCode = 451,
  hang = false,
  beforeAccept,
}: {
  refuseFirst?: number;
  refuseCode?: number;
  hang?: boolean;
  beforeAccept?: (mail: { subject: string }) => Promise<void>;
} = {}): Promise<TestInbox> {
  const inbox: ReceivedMail[] = [];
  const refused = new Map<string, number>();
  let arrivals = 0;
  const server = new SMTPServer({
    // The instances' pooled connections stay open between mails: closing cuts them after 0.2 s
    // rather than waiting the default 30 s for them to go.
    closeTimeout: 200,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      arrivals += 1;
      if (hang) {
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then(async (mail) => {
          const subject = mail.subject ?? '';
          const count = refused.get(subject) ?? 0;
          if (count < refuseFirst) {
            refused.set(subject, count + 1);
            const reason = refuseCode >= 500 ? 'no such mailbox' : 'try again later';
            done(Object.assign(new Error(reason), { responseCode: refuseCode }));
            return;
          }
          await beforeAccept?.({ subject });
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
  // A client that goes away mid-session (an instance killed while sending) resets its connection,
  // which a mail server shrugs off; any other error of the server is reported when it closes.
  const errors: Error[] = [];
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') errors.push(error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailTo = async (address: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = inbox.find((m) => m.to === address);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail reached ${address}`);
      await sleep(25);
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    all: () => inbox,
    refused,
    arrivals: () => arrivals,
    mailTo,
    async take(address) {
      const mail = await mailTo(address);
      inbox.splice(inbox.indexOf(mail), 1);
      return mail;
    },
    allTo: (address) => inbox.filter((m) => m.to === address),
    async mailsTo(address, count, matches = () => true) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = inbox.filter((m) => m.to === address && matches(m));
        if (found.length >= count || Date.now() > deadline) return found;
        await sleep(25);
      }
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(resolve));
      if (errors.length > 0) throw new AggregateError(errors, 'the test SMTP server failed');
    },
  };
}
