import http from 'node:http';

/**
 * Reads `GET /api/live` as the web app does, with the access token in the Authorization header
 * and the body parsed as server-sent events (the server's tests and e2e/tests/live-instances). Through node:http rather than fetch: undici keeps a
 * spare connection open after an abort, and the server's close then waits for it. `next` waits for an event of a type (and
 * matching `where`), `none` checks that no such event came within a time.
 */
export interface LiveMessage {
  event: string;
  data: unknown;
  at: number;
}

export interface LiveStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of an answer other than 200, once read. */
  errorBody(): Promise<string>;
  messages: LiveMessage[];
  /** The first event of the type (and matching `where`), read already or within `timeoutMs`. */
  next<T = unknown>(
    event: string,
    where?: (data: T) => boolean,
    timeoutMs?: number,
  ): Promise<LiveMessage & { data: T }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLive(baseUrl: string, token: string): Promise<LiveStream> {
  const request = http.get(`${baseUrl}/api/live`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    agent: false,
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const messages: LiveMessage[] = [];
  let body = '';
  const waiters = new Set<() => void>();
  let finished = false;
  const ended = (async () => {
    if (response.statusCode !== 200) {
      response.setEncoding('utf8');
      for await (const chunk of response) body += chunk as string;
      return;
    }
    response.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const chunk of response) {
        buffer += chunk as string;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (event && data !== undefined) messages.push({ event, data: JSON.parse(data), at: Date.now() });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      finished = true;
      for (const wake of waiters) wake();
    }
  })();

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    errorBody: async () => {
      await ended;
      return body;
    },
    messages,
    ended,
    next<T>(event: string, where?: (data: T) => boolean, timeoutMs = 2000) {
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
            reject(new Error(`the stream ended without a ${event} event`));
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
