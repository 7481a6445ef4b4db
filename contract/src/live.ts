/**
 * Live updates (D38): the events of `GET /api/live`, one schema for the server that writes them and
 * the web app that reads them. On the wire each is a server-sent-events frame, `event: <type>` and
 * `data: <JSON of data>`; the stream's other lines are not events: a `retry:` field (on connecting,
 * and a stopping server's hint before it ends the stream) and a comment line every LIVE_HEARTBEAT.
 *
 * Objects strip what they do not know, so a client reads an event that a newer server extended.
 */
import { z } from 'zod';
import { userId } from './users';

/** Row ids are written as strings, as everywhere in the API. */
const rowId = userId;
const noData = z.object({});

/**
 * What services publish, after their transaction commits, to the users it concerns. Each says
 * "read this again", never the change itself.
 */
export const liveEvent = z.discriminatedUnion('type', [
  /** A board the user can see changed (or they were just taken off it); its version after. */
  z.object({
    type: z.literal('board'),
    data: z.object({ boardId: rowId, version: z.number().int().nonnegative() }),
  }),
  /** A friend request or a meeting invitation arrived, or was answered or withdrawn. */
  z.object({ type: z.literal('request'), data: z.object({ kind: z.enum(['friend', 'meeting']) }) }),
  /** A notification was written for the user (the bell). */
  z.object({ type: z.literal('notification'), data: noData }),
  /** A message arrived in one of the user's chats, or the user read one in another tab. */
  z.object({
    type: z.literal('chat'),
    data: z.object({ chatId: rowId, messageId: rowId.optional(), read: z.boolean().optional() }),
  }),
  /** A friend connected or left; `lastSeenAt` (ISO 8601 UTC) is when they were last connected. */
  z.object({
    type: z.literal('presence'),
    data: z.object({ userId: rowId, online: z.boolean(), lastSeenAt: z.string().nullable() }),
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
  ...liveEvent.options,
  z.object({ type: z.literal('ready'), data: z.object({ userId: rowId }) }),
  z.object({ type: z.literal('resync'), data: noData }),
  z.object({ type: z.literal('expired'), data: noData }),
]);
export type LiveStreamEvent = z.infer<typeof liveStreamEvent>;
export type LiveStreamEventType = LiveStreamEvent['type'];
