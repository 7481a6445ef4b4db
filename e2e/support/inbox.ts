/** A real SMTP server on a free local port that keeps what it receives, for the tests of e-mail. */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface Inbox {
  url: string;
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const mails: ReceivedMail[] = [];
  const port = await freePort();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          mails.push({ to: to?.value[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
