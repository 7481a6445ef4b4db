/**
 * D45 over HTTP and real SMTP: each kind of notice about shared work reaches the bell of the
 * people concerned — with its title, what it is about (sourceId, boardId) and who did it — and
 * never the one who did it, nor anyone who may not see the thing; it is mailed when the
 * recipient's switch for its kind is on (the default) and not when it is off; the bell hears of it
 * live. And the settings call that holds the switches.
 */
import type { Account, Board, CalendarEvent, ErrorBody, Notification, Task } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerInvitation,
  befriend,
  buildBoard,
  buildComment,
  buildEvent,
  buildMeeting,
  buildMeetingTeam,
  buildTask,
  buildUser,
  call,
  expectError,
  expectSignInRequired,
  notificationsOf,
  ok,
  sendFriendRequest,
  type TestUser,
  untilMailSent,
} from '../../test/factories';
import { createTestApp, snapshot, type TestApp } from '../../test/harness';
import { openLive } from '../../test/live-client';
import { startInbox, type TestInbox } from '../../test/smtp';

let t: TestApp;
let inbox: TestInbox;
let base = '';

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://cadence.test' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** The user's whole bell, newest first. */
const wholeBell = async (user: TestUser): Promise<Notification[]> => (await notificationsOf(t, user)).data;

/**
 * The user's bell but the friendships that `friends` made (their own tests, at the end, read
 * the whole bell): what the shared work told them.
 */
const bell = async (user: TestUser): Promise<Notification[]> =>
  (await wholeBell(user)).filter((notice) => notice.kind !== 'friend-accepted');

/** The notices of a kind in the user's bell. */
const toldOf = async (user: TestUser, kind: Notification['kind']) =>
  (await bell(user)).filter((notice) => notice.kind === kind);

/** The subjects of every mail sent to the user so far, once the outbox is empty. */
async function subjectsTo(user: TestUser): Promise<string[]> {
  await untilMailSent(t);
  return inbox.allTo(user.email).map((mail) => mail.subject);
}

/** Turns the user's e-mail switches given on or off. */
async function switches(user: TestUser, flags: Partial<Account['notifications']>): Promise<void> {
  await ok(t, 'PUT', '/api/account', user.token, { notifications: flags });
}

async function friends(count: number): Promise<TestUser[]> {
  const people = [];
  for (let i = 0; i < count; i += 1) people.push(await buildUser(t));
  for (const other of people.slice(1)) await befriend(t, people[0]!, other);
  return people;
}

describe('the e-mail switches (PUT /api/account notifications)', () => {
  it('are all on for a new account, and each one turns off alone', async () => {
    const [me] = await friends(1);
    const account = await ok<Account>(t, 'GET', '/api/account', me!.token);
    expect(account.notifications).toMatchObject({
      invitations: true,
      scheduleChanges: true,
      meetingAnswers: true,
      todoAssigned: true,
      todoCompleted: true,
      boardShared: true,
      cardComments: true,
      cardDueDates: true,
    });
    const after = await ok<Account>(t, 'PUT', '/api/account', me!.token, {
      notifications: { cardComments: false, todoAssigned: false },
    });
    expect(after.notifications).toMatchObject({
      cardComments: false,
      todoAssigned: false,
      boardShared: true,
    });
    expect((await ok<Account>(t, 'GET', '/api/account', me!.token)).notifications.cardComments).toBe(false);
  });

  it.each([
    [{ notifications: { todoAssigned: 'yes' } }, 'notifications.todoAssigned'],
    [{ notifications: { cardDueDates: null } }, 'notifications.cardDueDates'],
    [{ notifications: { bookings: 'off' } }, 'notifications.bookings'],
    [{ notifications: { chatMessages: false } }, 'notifications.chatMessages'],
  ])('refuses %j with 400 on %s and changes nothing', async (payload, field) => {
    const [me] = await friends(1);
    const before = await snapshot(t.database);
    const response = await call(t, 'PUT', '/api/account', me!.token, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(Object.keys(body.fields ?? {})).toContain(field);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('asks to sign in', async () => {
    await expectSignInRequired(t, 'PUT', '/api/account', { notifications: { boardShared: false } });
  });
});

describe('to-dos', () => {
  it('tells the assignee of a task assigned to them, live and by mail, and not its owner', async () => {
    const [owner, assignee, stranger] = await friends(3);
    const stream = await openLive(base, assignee!.token);
    await stream.next('ready');
    try {
      const task = await buildTask(t, owner!, { title: 'File the taxes', assignee: [assignee!.id] });
      await stream.next('notification');
      const [notice] = await toldOf(assignee!, 'todo-assigned');
      expect(notice).toMatchObject({
        kind: 'todo-assigned',
        sourceId: task._id,
        title: 'File the taxes',
        boardId: null,
        isRead: false,
        actor: { _id: owner!.id },
      });
      expect(await bell(owner!)).toEqual([]);
      expect(await bell(stranger!)).toEqual([]);
      const mail = await inbox.mailTo(assignee!.email);
      expect(mail.subject).toBe('Assigned to you: File the taxes');
      expect(mail.text).toContain(`https://cadence.test/apps/todo?task=${task._id}`);
      expect(mail.text).toContain(owner!.fullName || owner!.username);
    } finally {
      stream.close();
    }
  });

  it('tells only those newly assigned by a change, and mails them only with the switch on', async () => {
    const [owner, first, second] = await friends(3);
    const task = await buildTask(t, owner!, { title: 'Paint the fence', assignee: [first!.id] });
    await switches(second!, { todoAssigned: false });
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, owner!.token, { title: 'Paint the gate' });
    expect(await toldOf(first!, 'todo-assigned')).toHaveLength(1);
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, owner!.token, { assignee: [first!.id, second!.id] });
    expect(await toldOf(first!, 'todo-assigned')).toHaveLength(1);
    expect((await toldOf(second!, 'todo-assigned')).map((notice) => notice.title)).toEqual([
      'Paint the gate',
    ]);
    expect(await subjectsTo(first!)).toEqual(['Assigned to you: Paint the fence']);
    expect(await subjectsTo(second!)).toEqual([]);
  });

  it('tells the owner when an assignee completes the task, by mail per the switch; not for their own', async () => {
    const [owner, assignee] = await friends(2);
    const task = await buildTask(t, owner!, { title: 'Book the hall', assignee: [assignee!.id] });
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, assignee!.token, { isCompleted: true });
    const [notice] = await toldOf(owner!, 'todo-completed');
    expect(notice).toMatchObject({
      sourceId: task._id,
      title: 'Book the hall',
      actor: { _id: assignee!.id },
    });
    expect(await toldOf(assignee!, 'todo-completed')).toEqual([]);
    expect(await subjectsTo(owner!)).toEqual(['Completed: Book the hall']);

    // Un-completed and completed again by the owner: no one is told; with the switch off, no mail.
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, owner!.token, { isCompleted: false });
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, owner!.token, { isCompleted: true });
    expect(await toldOf(owner!, 'todo-completed')).toHaveLength(1);
    await switches(owner!, { todoCompleted: false });
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, owner!.token, { isCompleted: false });
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, assignee!.token, { isCompleted: true });
    expect(await toldOf(owner!, 'todo-completed')).toHaveLength(2);
    expect(await subjectsTo(owner!)).toEqual(['Completed: Book the hall']);
  });
});

describe('calendar events', () => {
  const START = '2026-12-01T09:00:00.000Z';

  it('tells a guest added, moved and cancelled, at the event’s time; never the owner', async () => {
    const [owner, guest, stranger] = await friends(3);
    const event = await buildEvent(t, owner!, { title: 'Budget', guests: [guest!.id] });
    const [invited] = await toldOf(guest!, 'event-invited');
    expect(invited).toMatchObject({
      sourceId: event._id,
      title: 'Budget',
      at: START,
      actor: { _id: owner!.id },
    });

    // A new title alone is not a new time: no one is told.
    await ok<CalendarEvent>(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner!.token, {
      title: 'Budget 2027',
    });
    expect(await toldOf(guest!, 'event-changed')).toEqual([]);
    await ok<CalendarEvent>(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner!.token, {
      start: '2026-12-02T10:00:00.000Z',
      end: '2026-12-02T11:00:00.000Z',
    });
    const [moved] = await toldOf(guest!, 'event-changed');
    expect(moved).toMatchObject({
      sourceId: event._id,
      title: 'Budget 2027',
      at: '2026-12-02T10:00:00.000Z',
    });

    await ok(t, 'DELETE', `/api/calender/${event._id}`, owner!.token, undefined, 204);
    expect(await toldOf(guest!, 'event-cancelled')).toMatchObject([{ sourceId: event._id }]);
    expect(await bell(owner!)).toEqual([]);
    expect(await bell(stranger!)).toEqual([]);
    expect(await subjectsTo(guest!)).toEqual([
      expect.stringMatching(/^Invitation: Budget,/),
      expect.stringMatching(/^Updated: Budget 2027,/),
      'Cancelled: Budget 2027',
    ]);
  });

  it('mails a link to the event itself, on its day in the guest’s time zone', async () => {
    const [owner, guest] = await friends(2);
    await ok(t, 'PUT', '/api/account', guest!.token, { timeZone: 'Asia/Tokyo' });
    // 20:00 UTC on 1 December is 05:00 on 2 December in Tokyo.
    const event = await buildEvent(t, owner!, {
      title: 'Night shift',
      start: '2026-12-01T20:00:00.000Z',
      end: '2026-12-01T21:00:00.000Z',
      guests: [guest!.id],
    });
    await untilMailSent(t);
    const mail = inbox.allTo(guest!.email).find((sent) => sent.subject.startsWith('Invitation: Night shift'));
    expect(mail?.text).toContain(`https://cadence.test/apps/calendar?date=2026-12-02&event=${event._id}`);
  });

  it('tells a guest taken off the event, and mails guests only with their switches on', async () => {
    const [owner, kept, dropped] = await friends(3);
    await switches(kept!, { invitations: false });
    await switches(dropped!, { scheduleChanges: false });
    const event = await buildEvent(t, owner!, { title: 'Retro', guests: [kept!.id, dropped!.id] });
    await ok(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner!.token, { guests: [kept!.id] });
    expect(await toldOf(kept!, 'event-invited')).toHaveLength(1);
    expect(await toldOf(dropped!, 'event-cancelled')).toHaveLength(1);
    expect(await toldOf(kept!, 'event-cancelled')).toEqual([]);
    expect(await subjectsTo(kept!)).toEqual([]);
    expect(await subjectsTo(dropped!)).toEqual([expect.stringMatching(/^Invitation: Retro,/)]);
  });
});

describe('meetings', () => {
  const T = '2027-01-11T14:00:00.000Z';
  const T2 = '2027-01-12T14:00:00.000Z';

  it('tells invitees of a new time and of the cancellation, by mail per their switch', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    await switches(c, { scheduleChanges: false });
    const meeting = await buildMeeting(t, a, { name: 'Plan', invitees: [b.id, c.id], time: T });
    expect(await toldOf(b, 'meeting')).toMatchObject([{ sourceId: meeting._id, actor: { _id: a.id } }]);
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { time: T2 });
    for (const person of [b, c]) {
      expect(await toldOf(person, 'meeting-changed')).toMatchObject([{ sourceId: meeting._id, at: T2 }]);
    }
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { state: 'archived' });
    for (const person of [b, c]) {
      expect(await toldOf(person, 'meeting-cancelled')).toMatchObject([
        { sourceId: meeting._id, title: 'Plan' },
      ]);
    }
    expect(await bell(a)).toEqual([]);
    const toB = await subjectsTo(b);
    expect(toB.some((subject) => subject.startsWith('Updated invitation: Plan'))).toBe(true);
    expect(toB).toContain('Cancelled: Plan');
    // C (in Portuguese) keeps the invitation alone: the change and the cancellation are not mailed.
    expect(await subjectsTo(c)).toHaveLength(1);
  });

  it('puts an invitation in the bell whatever the switch, and mails it only when it is on', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    const stranger = await buildUser(t);
    await switches(b, { invitations: false });
    const meeting = await buildMeeting(t, a, { name: 'Kick-off', invitees: [b.id, c.id], time: T });
    for (const person of [b, c]) {
      expect(await toldOf(person, 'meeting')).toMatchObject([{ sourceId: meeting._id, title: 'Kick-off' }]);
    }
    expect(await bell(stranger)).toEqual([]);
    expect(await subjectsTo(b)).toEqual([]);
    expect(await subjectsTo(c)).toHaveLength(1);
  });

  it('tells invitees when the meeting is deleted; the invitation leaves the bell', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { name: 'Offsite', invitees: [b.id], time: T });
    await ok(t, 'DELETE', `/api/meetings/${meeting._id}`, a.token, undefined, 204);
    expect((await bell(b)).map((notice) => [notice.kind, notice.sourceId])).toEqual([
      ['meeting-cancelled', meeting._id],
    ]);
  });

  it('tells the organiser of an answer, and mails it only with the switch on', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { name: 'Sync', invitees: [b.id, c.id], time: T });
    await answerInvitation(t, b, meeting._id, 'accepted');
    await switches(a, { meetingAnswers: false });
    await answerInvitation(t, c, meeting._id, 'refused');
    expect((await bell(a)).map((notice) => [notice.kind, notice.actor?._id])).toEqual([
      ['meeting-declined', c.id],
      ['meeting-accepted', b.id],
    ]);
    expect(await subjectsTo(a)).toEqual(['Accepted: Sync']);
  });
});

describe('boards', () => {
  it('tells those made members of a board, once, by mail per their switch', async () => {
    const [owner, member, quiet] = await friends(3);
    await switches(quiet!, { boardShared: false });
    const { board } = await buildBoard(t, owner!, { name: 'Garden', members: [member!] });
    const [notice] = await toldOf(member!, 'board-shared');
    expect(notice).toMatchObject({
      sourceId: board._id,
      boardId: board._id,
      title: 'Garden',
      actor: { _id: owner!.id },
    });
    await ok<Board>(t, 'PUT', `/api/projects/${board._id}`, owner!.token, {
      memberIds: [member!.id, quiet!.id],
    });
    expect(await toldOf(member!, 'board-shared')).toHaveLength(1);
    expect(await toldOf(quiet!, 'board-shared')).toHaveLength(1);
    expect(await bell(owner!)).toEqual([]);
    expect(await subjectsTo(member!)).toEqual(['Board shared with you: Garden']);
    expect(await subjectsTo(quiet!)).toEqual([]);
  });

  it('tells a card’s members of a comment, not its author, nor anyone taken off the board', async () => {
    const [owner, writer, reader, outsider] = await friends(4);
    const built = await buildBoard(t, owner!, {
      members: [writer!, reader!, outsider!],
      layout: { Doing: ['Logo'] },
    });
    const boardId = built.board._id;
    const card = built.items.Logo!;
    const cardUrl = `/api/projects/${boardId}/lists/${built.lists.Doing!._id}/items/${card._id}`;
    await ok(t, 'PUT', cardUrl, owner!.token, { members: [writer!.id, reader!.id, outsider!.id] });
    // The outsider leaves the board before the comment, and with it the card.
    await ok<Board>(t, 'PUT', `/api/projects/${boardId}`, owner!.token, {
      memberIds: [writer!.id, reader!.id],
    });
    await switches(reader!, { cardComments: false });
    await buildComment(t, writer!, boardId, card._id, 'Blue, not green');
    const [notice] = await toldOf(reader!, 'card-comment');
    expect(notice).toMatchObject({ sourceId: card._id, boardId, title: 'Logo', actor: { _id: writer!.id } });
    expect(await toldOf(writer!, 'card-comment')).toEqual([]);
    expect(await toldOf(owner!, 'card-comment')).toEqual([]); // not a member of the card
    expect(await toldOf(outsider!, 'card-comment')).toEqual([]);
    await buildComment(t, owner!, boardId, card._id, 'Agreed');
    expect(await toldOf(writer!, 'card-comment')).toHaveLength(1);
    expect(await toldOf(reader!, 'card-comment')).toHaveLength(2);
    const toWriter = (await subjectsTo(writer!)).filter((subject) => subject.startsWith('New comment'));
    expect(toWriter).toEqual(['New comment: Logo']);
    expect((await subjectsTo(reader!)).filter((subject) => subject.startsWith('New comment'))).toEqual([]);
  });

  it('tells a card’s members of a due date set or moved, with the time, by mail per their switch', async () => {
    const [owner, member, quiet] = await friends(3);
    const built = await buildBoard(t, owner!, { members: [member!, quiet!], layout: { Todo: ['Print'] } });
    const card = built.items.Print!;
    const cardUrl = `/api/projects/${built.board._id}/lists/${built.lists.Todo!._id}/items/${card._id}`;
    await switches(quiet!, { cardDueDates: false });
    await ok(t, 'PUT', cardUrl, owner!.token, { members: [member!.id, quiet!.id] });
    const due = '2027-03-01T16:00:00.000Z';
    await ok(t, 'PUT', cardUrl, owner!.token, { dueAt: due });
    await ok(t, 'PUT', cardUrl, owner!.token, { dueAt: due }); // the same: nothing new
    await ok(t, 'PUT', cardUrl, owner!.token, { dueAt: null }); // removed: nothing to tell
    for (const person of [member!, quiet!]) {
      expect(await toldOf(person, 'card-due')).toMatchObject([
        { sourceId: card._id, boardId: built.board._id, title: 'Print', at: due },
      ]);
    }
    expect(await bell(owner!)).toEqual([]);
    await untilMailSent(t);
    const mail = inbox.allTo(member!.email).find((sent) => sent.subject === 'Due date: Print');
    expect(mail?.text).toContain(`https://cadence.test/apps/project/${built.board._id}`);
    expect(mail?.text).toContain('2027');
    expect((await subjectsTo(quiet!)).filter((subject) => subject.startsWith('Due date'))).toEqual([]);
    expect((await subjectsTo(member!)).filter((subject) => subject.startsWith('Due date'))).toHaveLength(1);
  });

  it('takes the sharing back from the bell when the board is deleted', async () => {
    const [owner, member] = await friends(2);
    const { board } = await buildBoard(t, owner!, { name: 'Short-lived', members: [member!] });
    expect(await toldOf(member!, 'board-shared')).toHaveLength(1);
    await ok(t, 'DELETE', `/api/projects/${board._id}`, owner!.token, undefined, 204);
    expect(await toldOf(member!, 'board-shared')).toEqual([]);
  });

  it('tells those made members of a card, by mail per their switch; not who added them, nor themselves', async () => {
    const [owner, member, quiet, bystander] = await friends(4);
    const built = await buildBoard(t, owner!, {
      members: [member!, quiet!, bystander!],
      layout: { Todo: ['Poster'] },
    });
    const boardId = built.board._id;
    const card = built.items.Poster!;
    const cardUrl = `/api/projects/${boardId}/lists/${built.lists.Todo!._id}/items/${card._id}`;
    await switches(quiet!, { cardMembers: false });
    const stream = await openLive(base, member!.token);
    await stream.next('ready');
    try {
      await ok(t, 'PUT', cardUrl, owner!.token, { members: [owner!.id, member!.id, quiet!.id] });
      await stream.next('notification');
    } finally {
      stream.close();
    }
    const [notice] = await toldOf(member!, 'card-member');
    expect(notice).toMatchObject({
      kind: 'card-member',
      sourceId: card._id,
      boardId,
      title: 'Poster',
      isRead: false,
      actor: { _id: owner!.id },
    });
    expect(await toldOf(quiet!, 'card-member')).toHaveLength(1);
    expect(await toldOf(owner!, 'card-member')).toEqual([]); // added themselves
    expect(await toldOf(bystander!, 'card-member')).toEqual([]); // on the board, not on the card

    // Those already on the card are not told again; one who adds themselves hears nothing.
    await ok(t, 'PUT', cardUrl, owner!.token, { name: 'Poster A3', members: [member!.id, quiet!.id] });
    await ok(t, 'PUT', cardUrl, bystander!.token, { members: [member!.id, quiet!.id, bystander!.id] });
    expect(await toldOf(member!, 'card-member')).toHaveLength(1);
    expect(await toldOf(bystander!, 'card-member')).toEqual([]);

    await untilMailSent(t);
    const mail = inbox.allTo(member!.email).find((sent) => sent.subject === 'Added to a card: Poster');
    expect(mail?.text).toContain(`https://cadence.test/apps/project/${boardId}?card=${card._id}`);
    expect(mail?.text).toContain(owner!.fullName || owner!.username);
    expect((await subjectsTo(quiet!)).filter((subject) => subject.startsWith('Added to a card'))).toEqual([]);

    // Another's notice is theirs alone: not listed, not readable, not markable by anyone else.
    expect(await toldOf(bystander!, 'card-member')).toEqual([]);
    expectError(
      await call(t, 'PUT', `/api/notifications/${notice!._id}`, bystander!.token, {}),
      404,
      'NOT_FOUND',
    );
    expect((await toldOf(member!, 'card-member'))[0]!.isRead).toBe(false);
  });

  it('the card’s board is null once the card is gone', async () => {
    const [owner, member] = await friends(2);
    const built = await buildBoard(t, owner!, { members: [member!], layout: { Todo: ['Gone'] } });
    const card = built.items.Gone!;
    const cardUrl = `/api/projects/${built.board._id}/lists/${built.lists.Todo!._id}/items/${card._id}`;
    await ok(t, 'PUT', cardUrl, owner!.token, { members: [member!.id] });
    await buildComment(t, owner!, built.board._id, card._id, 'Bye');
    await ok(t, 'DELETE', cardUrl, owner!.token, undefined, 204);
    expect(await toldOf(member!, 'card-comment')).toMatchObject([{ sourceId: card._id, boardId: null }]);
  });
});

describe('friend requests', () => {
  it('tell the receiver of a request, live, and the sender of its acceptance; nobody else', async () => {
    const [asker, receiver, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const stream = await openLive(base, receiver.token);
    await stream.next('ready');
    let request;
    try {
      request = await sendFriendRequest(t, asker, receiver);
      await stream.next('notification');
    } finally {
      stream.close();
    }
    const [asked] = await toldOf(receiver, 'friend-request');
    expect(asked).toMatchObject({
      kind: 'friend-request',
      sourceId: request._id,
      title: asker.fullName || asker.username,
      boardId: null,
      isRead: false,
      actor: { _id: asker.id },
    });
    expect(await wholeBell(asker)).toEqual([]);
    expect(await wholeBell(stranger)).toEqual([]);
    expectError(
      await call(t, 'PUT', `/api/notifications/${asked!._id}`, stranger.token, {}),
      404,
      'NOT_FOUND',
    );

    // Answered, the request leaves the receiver's bell; the sender hears it was accepted.
    await ok(t, 'POST', `/api/friends/requests/${request._id}/accept`, receiver.token, undefined, 204);
    expect(await toldOf(receiver, 'friend-request')).toEqual([]);
    expect(await wholeBell(asker)).toMatchObject([
      {
        kind: 'friend-accepted',
        sourceId: receiver.id,
        title: receiver.fullName || receiver.username,
        actor: { _id: receiver.id },
      },
    ]);
    expect(await wholeBell(stranger)).toEqual([]);
    // Nothing of it is mailed: anyone may ask anyone, and the bell is enough.
    expect(await subjectsTo(receiver)).toEqual([]);
    expect(await subjectsTo(asker)).toEqual([]);
  });

  it('take a withdrawn or declined request back from the bell, and tell no one of a refusal', async () => {
    const [asker, receiver, other] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const withdrawn = await sendFriendRequest(t, asker, receiver);
    expect(await toldOf(receiver, 'friend-request')).toHaveLength(1);
    await ok(t, 'DELETE', `/api/friends/requests/${withdrawn._id}`, asker.token, undefined, 204);
    expect(await wholeBell(receiver)).toEqual([]);

    const declined = await sendFriendRequest(t, other, receiver);
    expect(await toldOf(receiver, 'friend-request')).toMatchObject([{ actor: { _id: other.id } }]);
    await ok(t, 'POST', `/api/friends/requests/${declined._id}/decline`, receiver.token, undefined, 204);
    expect(await wholeBell(receiver)).toEqual([]);
    expect(await wholeBell(other)).toEqual([]);
    expect(await wholeBell(asker)).toEqual([]);

    // A request whose sender deletes their account leaves the bell with it.
    await sendFriendRequest(t, other, receiver);
    expect(await toldOf(receiver, 'friend-request')).toHaveLength(1);
    await ok(t, 'DELETE', '/api/account', other.token, { password: other.password }, 204);
    expect(await wholeBell(receiver)).toEqual([]);
  });
});
