/**
 * `GET /api/live` when the access token expires (D38): the server says `expired` and ends the
 * stream, and the token no longer opens one. Its own file: an app with 2-second tokens, built
 * while no other app of the file holds a PostgreSQL schema.
 */
import { liveStreamEvent } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { openLive } from '../../test/live-client';

describe('GET /api/live when the access token expires', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ ACCESS_TOKEN_TTL: '2s' });
  });
  afterAll(() => app.close());

  it('sends expired and ends the stream, so the client refreshes its token and reconnects', async () => {
    const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await buildUser(app);
    const stream = await openLive(url, user.token);
    await stream.next('ready');
    const expired = await stream.next('expired', undefined, 4000);
    expect(liveStreamEvent.parse({ type: 'expired', data: expired.data })).toEqual({
      type: 'expired',
      data: {},
    });
    await stream.ended;
    // Said when the token runs out, not before (measured from the token's own expiry, which a slow
    // machine may bring close to the stream's start).
    const { exp } = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    expect(stream.messages[0]!.at).toBeLessThan(exp * 1000);
    expect(expired.at).toBeGreaterThanOrEqual(exp * 1000 - 50);
    const again = await openLive(url, user.token);
    expect(again.status).toBe(401);
  });
});
