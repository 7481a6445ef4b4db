/**
 * Reads a running server's `GET /api/live` as the web app does: the access token in the
 * Authorization header, the body parsed as server-sent events, each stamped with the time it
 * arrived. Through node:http rather than fetch, so that closing a stream closes its connection
 * (the server's stop waits for open ones). The same idea as server/src/test/live-client.ts.
 */
import http from 'node:http';

export interface LiveMessage {
  event: string;
  data: unknown;
  /** `Date.now()` when the event was read. */
  at: number;
}

export interface LiveStream {
  status: number;
  /** Every event read so far, in order (comments, such as heartbeats, are left out). */
  messages: LiveMessage[];
  /** The first event of the type (and matching `where`), read already or within `timeoutMs`. */
  next<T>(
    event: string,
    where?: (data: T) => boolean,
    timeoutMs?: number,
  ): Promise<LiveMessage & { data: T }>;
  close(): void;
}

export async function openLive(baseUrl: string, token: string): Promise<LiveStream> {
  const request = http.get(`${baseUrl}/api/live`, {
    headers: { authorization: `Bearer ${token}` },
    agent: false,
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  let finished = false;
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  void (async () => {
    response.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const chunk of response) {
        buffer += chunk as string;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (event && data !== undefined) messages.push({ event, data: JSON.parse(data), at: Date.now() });
        }
        wakeAll();
      }
    } catch {
      // Closed by close().
    } finally {
      finished = true;
      wakeAll();
    }
  })();

  return {
    status: response.statusCode ?? 0,
    messages,
    next<T>(event: string, where?: (data: T) => boolean, timeoutMs = 5000) {
      return new Promise<LiveMessage & { data: T }>((resolve, reject) => {
        const check = () => {
          const found = messages.find(
            (message) => message.event === event && (!where || where(message.data as T)),
          );
          if (found) {
            done();
            resolve(found as LiveMessage & { data: T });
          } else if (finished) {
            done();
            reject(new Error(`the stream ended without the ${event} event`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`no matching ${event} event within ${timeoutMs} ms; read: ${JSON.stringify(messages)}`),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => request.destroy(),
  };
}
