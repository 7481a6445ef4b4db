/**
 * The meetings policy's rules that the other suites leave unguarded, through HTTP (policy.ts):
 * re-planning is the organiser's alone, and an answer link dies when the meeting ends as it is
 * now, whatever expiry it was signed with.
 */
import { type ErrorBody, messages } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkTokens } from '../../lib/tokens';
import { buildMeeting, buildMeetingTeam, call, expectError, ok, untilMailSent } from '../../test/factories';
import { createTestApp, fingerprint, TEST_JWT_SECRET, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('re-planning (meetingId of the available times)', () => {
  it('is the organiser’s alone: an invitee naming the meeting gets 404, as a stranger does', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { invitees: [b.id] });
    const body = { duration: 30, startDate: '2027-01-11', endDate: '2027-01-11', meetingId: meeting._id };
    await ok(t, 'POST', '/api/meetings/available-times', a.token, body);
    expectError(await call(t, 'POST', '/api/meetings/available-times', b.token, body), 404, 'NOT_FOUND');
  });
});

describe('answer links', () => {
  it('expire when the meeting ends as it is now, even if signed to live longer (a meeting moved earlier)', async () => {
    const { a, b } = await buildMeetingTeam(t);
    // Monday 6 January 2025, 14:00Z: inside everyone's default hours, and over.
    const meeting = await buildMeeting(t, a, {
      startDate: '2025-01-06',
      endDate: '2025-01-06',
      invitees: [b.id],
      time: '2025-01-06T14:00:00.000Z',
    });
    // Genuine and signed to live another hour: what a link mailed before the meeting moved holds.
    const token = new LinkTokens(TEST_JWT_SECRET).sign(
      'meeting-answer',
      [Number(meeting._id), Number(b.id)],
      Date.now() + 3_600_000,
    );
    await untilMailSent(t);
    const before = await fingerprint(t.database);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { status: 'accepted' }],
    ] as const) {
      const response = await call(t, method, `/api/meeting-answers/${token}`, undefined, body);
      expect(response.statusCode, response.body).toBe(410);
      expect(response.json<ErrorBody>()).toMatchObject({
        code: 'LINK_EXPIRED',
        message: messages['meetings.answerLinkExpired'],
      });
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });
});
