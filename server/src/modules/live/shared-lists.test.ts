/**
 * D45: calendar and to-do pages refresh on their live events, as boards do. A change to a to-do
 * tells its owner and assignees (`todos`), a change to an event or a meeting tells everyone in it
 * (`calendar`) — all but the one who made it, who has the answer already — and nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerInvitation,
  befriend,
  buildEvent,
  buildMeeting,
  buildTask,
  buildUser,
  ok,
  sendFriendRequest,
  type TestUser,
} from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { type LiveStream, openLive } from '../../test/live-client';

const t = useTestApp();
let owner: TestUser;
let friend: TestUser;
let stranger: TestUser;
const streams = new Map<TestUser, LiveStream>();

const typesOf = (user: TestUser) => streams.get(user)!.messages.map((message) => message.event);

beforeAll(async () => {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [owner, friend, stranger] = await Promise.all([buildUser(t), buildUser(t), buildUser(t)]);
  await befriend(t, owner, friend);
  for (const user of [owner, friend, stranger]) {
    const stream = await openLive(base, user.token);
    await stream.next('ready');
    streams.set(user, stream);
  }
});

afterAll(() => {
  for (const stream of streams.values()) stream.close();
});

describe('live events of shared lists (D45)', () => {
  it('tells the assignee of a to-do, and its owner when the assignee completes it', async () => {
    const task = await buildTask(t, owner, { title: 'Book the room', assignee: [friend.id] });
    await streams.get(friend)!.next('todos');
    await ok(t, 'PUT', `/api/todos/${task._id}`, friend.token, { isCompleted: true });
    await streams.get(owner)!.next('todos');
    // Each heard the other's change once, and not their own (events arrive in order).
    expect(typesOf(owner).filter((type) => type === 'todos')).toHaveLength(1);
    expect(typesOf(friend).filter((type) => type === 'todos')).toHaveLength(1);
  });

  it("tells an event's guests when it is added or moved, and a meeting's organiser when it is answered", async () => {
    const event = await buildEvent(t, owner, { title: 'Planning', guests: [friend.id] });
    await streams.get(friend)!.next('calendar');
    await ok(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner.token, {
      start: '2026-12-01T10:00:00.000Z',
      end: '2026-12-01T10:30:00.000Z',
    });
    const friendStream = streams.get(friend)!;
    await expect
      .poll(() => friendStream.messages.filter((message) => message.event === 'calendar').length)
      .toBe(2);

    const meeting = await buildMeeting(t, owner, { invitees: [friend.id] });
    await answerInvitation(t, friend, meeting._id, 'accepted');
    await streams.get(owner)!.next('calendar');
    expect(typesOf(owner).filter((type) => type === 'calendar')).toHaveLength(1);
  });

  it('tells nobody who is not in the thing', async () => {
    // A request to the stranger comes after every change above on their stream.
    await sendFriendRequest(t, owner, stranger);
    await streams.get(stranger)!.next('request');
    expect(typesOf(stranger)).not.toContain('todos');
    expect(typesOf(stranger)).not.toContain('calendar');
  });
});
