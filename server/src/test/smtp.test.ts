import net from 'node:net';
import { expect, it } from 'vitest';
import { startInbox } from './smtp';

/** Writes one SMTP line after the server has had time to answer the last. */
const say = (socket: net.Socket, line: string) =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      socket.write(`${line}\r\n`);
      resolve();
    }, 100),
  );

it('takes a client that resets its connection mid-session (an instance killed while sending) in its stride', async () => {
  const inbox = await startInbox({ hang: true });
  const socket = net.connect(Number(new URL(inbox.url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('data', resolve));
  for (const line of ['EHLO test', 'MAIL FROM:<a@example.com>', 'RCPT TO:<b@example.com>', 'DATA']) {
    await say(socket, line);
  }
  await say(socket, 'Subject: hanging\r\n\r\nnever answered\r\n.');
  await expect.poll(() => inbox.arrivals()).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.resetAndDestroy();
  await new Promise((resolve) => socket.once('close', resolve));
  // The server reads the reset on its side of the connection.
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Unhandled, the reset would be an uncaught exception that fails the whole run.
  await expect(inbox.close()).resolves.toBeUndefined();
});
