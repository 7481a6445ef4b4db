/**
 * `GET /api/live` (D38): the signed-in user's stream of server-sent events. The access token comes
 * in the Authorization header (the web app reads the stream with fetch), and the stream ends when
 * that token expires, or at once when its session is revoked (logout, password change, a replayed
 * refresh token), so a signed-out or deactivated user stops hearing: the client refreshes its
 * token and reconnects. Events: `ready` first, then `board`, `request`, `notification`, `chat`,
 * `presence`, `resync` (after a lost link between instances), and `expired` before the end; a comment line every LIVE_HEARTBEAT keeps proxies from
 * closing an idle stream.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sseFrame } from '../../lib/live';
import { userOf } from '../auth/authenticate';

/** A client reconnects after this long if the stream drops without an `expired` event. */
const RETRY_MS = 2000;

export function liveRoutes(app: FastifyInstance, context: AppContext): void {
  const { live } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/live', {
    schema: {
      tags: ['live'],
      summary: 'Your live events, as a text/event-stream',
      description:
        'Events: `ready` on connecting; `board` {boardId, version} when a board you can see changes; ' +
        '`request` {kind: friend|meeting} when a friend request or meeting invitation arrives or is ' +
        'answered; `notification` when one is written for you; `chat` {chatId, messageId?, read?} ' +
        'when a message arrives in one of your chats (or you read one elsewhere); `presence` ' +
        '{userId, online, lastSeenAt} when a friend connects or leaves; `expired` when your access ' +
        'token expires or its session ends (logout, password change), just before the stream ends; ' +
        '`resync` when this server’s link to the other instances comes back after a drop (events may ' +
        'have been missed: read again what you show). A stream that ends after a `retry:` field ' +
        '(milliseconds) was ended by a stopping server: reconnect after about that long.',
      produces: ['text/event-stream'],
      response: { 200: z.string().describe('text/event-stream') },
    },
    handler: (request, reply) => {
      const user = userOf(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.flushHeaders();
      const sink = {
        write: (frame: string) => void raw.write(frame),
        end: () => raw.end(),
      };
      raw.write(`retry: ${RETRY_MS}\n\n${sseFrame('ready', { userId: String(user.id) })}`);
      // With its session, so that a logout, a password change or a replayed refresh token ends
      // it at once, on whichever instance holds it (LiveHub.closeSessions, auth service).
      const detach = live.attach(user.id, sink, request.sessionId);
      // The request lives as long as the stream: it need not hold the user's whole row meanwhile
      // (about 3 KB of a stream's 12 KB, bench/live-fanout.ts).
      request.currentUser = undefined;
      const untilExpiry = Math.max(0, (request.tokenExpiresAt ?? Date.now()) - Date.now());
      const expiry = setTimeout(() => {
        raw.end(sseFrame('expired', {}));
      }, untilExpiry);
      request.raw.socket.setTimeout(0);
      raw.on('close', () => {
        clearTimeout(expiry);
        detach();
      });
    },
  });
}
