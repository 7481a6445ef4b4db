/**
 * Notifications: what the reminders leave for a user — an event about to start, a
 * task due today — and the meeting invitations they receive, read in the navbar's bell.
 */
import { z } from 'zod';
import { publicUser } from './people';
import { userId } from './users';

export const notificationKinds = [
  'event',
  'todo',
  'meeting',
  'board-deleted',
  'meeting-accepted',
  'meeting-declined',
  // D45: shared work. sourceId: the event's, the meeting's, the task's, the board's, the card's.
  'event-invited',
  'event-changed',
  'event-cancelled',
  'meeting-changed',
  'meeting-cancelled',
  'todo-assigned',
  'todo-completed',
  'board-shared',
  'card-comment',
  'card-due',
  // D44/D45: a visitor booked the user, moved or cancelled a booking. sourceId: the booking's.
  'booking-new',
  'booking-rescheduled',
  'booking-cancelled',
  // A card's new member (sourceId: the card's); a friend request received (sourceId: the request's,
  // title: who asked) and one's own request accepted (sourceId and title: who accepted).
  'card-member',
  'friend-request',
  'friend-accepted',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const NOTIFICATIONS_SHOWN = 50;

export const notification = z
  .object({
    _id: z.string(),
    kind: z
      .enum(notificationKinds)
      .describe(
        'event: a reminder before an event; todo: a task due today; meeting: an invitation; board-deleted: a board shared with the user went with its owner’s account; meeting-accepted, meeting-declined: an invitee answered the user’s meeting (D42); D45: event-invited (added as a guest), event-changed (its time changed), event-cancelled (deleted, or the user taken off it), meeting-changed (a new time, to answer again), meeting-cancelled (archived or deleted), todo-assigned, todo-completed (a task the user assigned), board-shared (made a member), card-comment, card-due (a card the user is a member of); D44: booking-new, booking-rescheduled, booking-cancelled (a visitor booked the user, moved or cancelled a booking); card-member (made a member of a card); friend-request (asked to be friends, until answered); friend-accepted (the user’s request was accepted)',
      ),
    sourceId: z
      .string()
      .describe(
        'The event’s, the task’s, the meeting’s, the (deleted) board’s or the card’s id; a friend-request’s: the request’s; a friend-accepted’s: the user who accepted',
      ),
    title: z
      .string()
      .describe(
        'The event’s, the task’s, the card’s or the board’s title when the notification was written; the person’s name for the friend kinds',
      ),
    at: z
      .string()
      .describe(
        'The occurrence’s start, the due day’s morning, the meeting’s time (when invited, if none), or when the board was deleted, ISO 8601 UTC',
      ),
    actor: publicUser
      .nullable()
      .describe('Who did what the notification tells (the invitee who answered); null for reminders'),
    boardId: z
      .string()
      .nullable()
      .describe(
        'The board a card-comment, card-due or card-member notification’s card is on (null when the card is gone), or a board-shared one’s board; null for the other kinds',
      ),
    isRead: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const notificationList = z
  .object({
    data: z.array(notification).describe('The newest 50, newest first'),
    count: z.number().int().min(0).describe('All of the user’s notifications'),
    unread: z.number().int().min(0),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationList>;

export const notificationParams = z.object({ id: userId });

export const updateNotificationInput = z
  .strictObject({ isRead: z.boolean().default(true).describe('Read (the default), or unread again') })
  .meta({ id: 'UpdateNotificationInput' });
export type UpdateNotificationInput = z.infer<typeof updateNotificationInput>;

export const readAllResult = z
  .object({ unread: z.literal(0), changed: z.number().int().min(0) })
  .meta({ id: 'ReadAllResult' });
