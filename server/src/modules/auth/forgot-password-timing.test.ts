/**
 * forgot-password tells no one whether an e-mail has an account by the time it takes: a
 * known and an unknown e-mail, over HTTP, answer within 10 % of each other (medians of 200 each).
 * A timed file: it runs after the others, alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { startInbox, type TestInbox } from '../../test/smtp';
import { FORGOT_PASSWORD_ANSWER_MS } from './service';

let inbox: TestInbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Cadence <no-reply@cadence.test>',
    PUBLIC_URL: 'https://cadence.test',
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('forgot-password', () => {
  it('answers a known and an unknown e-mail in the same time, over HTTP (medians of 200 within 10 %)', async () => {
    const user = await buildUser(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/jwt/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      await response.arrayBuffer();
      expect(response.status).toBe(204);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Four lanes of 50 pairs, each pair in either order, so that both meet the same load.
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (let i = 0; i < 50; i += 1) {
          const stranger = `nobody-${lane}-${i}@example.com`;
          if ((i + lane) % 2 === 0) {
            known.push(await timed(user.email));
            unknown.push(await timed(stranger));
          } else {
            unknown.push(await timed(stranger));
            known.push(await timed(user.email));
          }
        }
      }),
    );
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const [a, b] = [median(known), median(unknown)];
    console.log(`forgot-password, medians of 200: known ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`);
    expect(Math.min(a, b)).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS);
    expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.1);
  });
});
