/**
 * Live updates (D38): the events of `GET /api/live`, one schema for the server that writes them and
 * the web app that reads them. On the wire each is a server-sent-events frame, `event: <type>` and
 * `data: <JSON of data>`; the stream's other lines are not events: a `retry:` field (on connecting,
 * and a stopping server's hint before it ends the stream) and a comment line every LIVE_HEARTBEAT.
 *
 * Objects strip what they do not know, so a client reads an event that a newer server extended.
 *
 * Written with `zod/mini`, and imported by the web app as `@cadence/contract/live`: the live
 * stream runs on every signed-in page, most of which need no other schema, and this way it loads
 * 16 KB (gzip -9) of zod instead of the contract's 43 KB chunk (zod's classic API alone: 26 KB).
 */
import { z } from 'zod/mini';

/** Row ids as the API writes them: positive integers, as strings. */
const rowId = z.string().check(z.regex(/^[1-9][0-9]{0,9}$/));
const noData = z.object({});

/**
 * What services publish, after their transaction commits, to the users it concerns. Each says
 * "read this again", never the change itself.
 */
export const liveEvent = z.discriminatedUnion('type', [
  /** A board the user can see changed (or they were just taken off it); its version after. */
  z.object({
    type: z.literal('board'),
    data: z.object({ boardId: rowId, version: z.int().check(z.nonnegative()) }),
  }),
  /** A friend request or a meeting invitation arrived, or was answered or withdrawn. */
  z.object({ type: z.literal('request'), data: z.object({ kind: z.enum(['friend', 'meeting']) }) }),
  /** A notification was written for the user (the bell). */
  z.object({ type: z.literal('notification'), data: noData }),
  /** A message arrived in one of the user's chats, or the user read one in another tab. */
  z.object({
    type: z.literal('chat'),
    data: z.object({ chatId: rowId, messageId: z.optional(rowId), read: z.optional(z.boolean()) }),
  }),
  /**
   * D45: someone else changed an event or a meeting in the user's calendar (as its owner, a guest
   * or an invitee): the calendar and the dashboard read it again.
   */
  z.object({ type: z.literal('calendar'), data: noData }),
  /** D45: someone else changed a to-do the user owns or is assigned: the to-do list reads again. */
  z.object({ type: z.literal('todos'), data: noData }),
  /** A friend connected or left; `lastSeenAt` (ISO 8601 UTC) is when they were last connected. */
  z.object({
    type: z.literal('presence'),
    data: z.object({ userId: rowId, online: z.boolean(), lastSeenAt: z.nullable(z.string()) }),
  }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;

/**
 * Everything the stream sends: the published events, and the stream's own — `ready` first (the
 * user it is for), `resync` when the server's link to the other instances came back after a drop
 * (their events of the meantime were missed: read again what is shown), `expired` just before the
 * stream ends because the access token expired or its session was revoked.
 */
export const liveStreamEvent = z.discriminatedUnion('type', [
  ...liveEvent.def.options,
  z.object({ type: z.literal('ready'), data: z.object({ userId: rowId }) }),
  z.object({ type: z.literal('resync'), data: noData }),
  z.object({ type: z.literal('expired'), data: noData }),
]);
export type LiveStreamEvent = z.infer<typeof liveStreamEvent>;
export type LiveStreamEventType = LiveStreamEvent['type'];
