/**
 * How a stopping instance lets go of the connections a proxy keeps open to it (nginx's upstream
 * `keepalive`). Node's `server.close()` closes every idle kept-alive connection at once; a proxy
 * that has just written a request on one of them gets a reset, and cannot send a POST again
 * elsewhere (it cannot know whether it was done). Instead, once stopping:
 * - the listening socket closes, so the proxy's new connections are refused and it goes to another
 *   instance (safe for any request: nothing was sent);
 * - each request still arriving on a connection already open is served, its answer saying
 *   `Connection: close` (app.ts), so that the proxy itself lets that connection go;
 * - a connection is closed by this side only once it has been idle for `idleMs` since the stop
 *   began: one the proxy has not used for that long is one it no longer sends to (it has found
 *   this instance refusing new connections and sends elsewhere, or it has no traffic). Counting
 *   from the stop matters: nginx reuses its most recently used connection first, so a connection
 *   idle for long before the stop is the one it picks right after the busier ones were closed.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection must have been idle before a stopping instance closes it. */
export const IDLE_CLOSE_MS = 1000;
const CHECK_EVERY_MS = 100;

export function closeIdleGently(server: Server, idleMs = IDLE_CLOSE_MS): void {
  /** Each open connection: since when it has had no request in progress (undefined: busy). */
  const idleSince = new Map<Socket, number | undefined>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => idleSince.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    idleSince.set(socket, undefined);
    response.once('close', () => {
      if (!socket.destroyed) idleSince.set(socket, Date.now());
    });
  });
  let timer: NodeJS.Timeout | undefined;
  // Called by server.close() (Node's own would destroy every idle connection at once).
  server.closeIdleConnections = () => {
    if (timer) return;
    const stoppedAt = Date.now();
    for (const [socket, since] of idleSince) if (since !== undefined) idleSince.set(socket, stoppedAt);
    const sweep = () => {
      const now = Date.now();
      for (const [socket, since] of idleSince) {
        if (since !== undefined && now - since >= idleMs) socket.destroy();
      }
      if (idleSince.size === 0) clearInterval(timer);
    };
    timer = setInterval(sweep, CHECK_EVERY_MS);
    timer.unref();
  };
}
