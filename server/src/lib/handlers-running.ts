/**
 * The route handlers still running, so that a stop closes the database, Redis and the mailer only
 * once they are done. The HTTP server's own close waits for connections, not for handlers: a client
 * that hung up (a browser tab closed, a load balancer's timeout) leaves its request's handler
 * running with no connection, and that handler's next query would meet a destroyed database — a
 * sign-in verified but its session never written, a change committed without its live event.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

export class HandlersRunning {
  private running = 0;
  private waiting: Array<() => void> = [];

  /**
   * Counts the handlers of the routes registered on `app` from now on (hook it before the routes).
   * A handler counts until the promise it returns settles; one that answers without a promise
   * (returning the reply it sent) counts while it runs. A live stream's handler returns once the
   * stream is open: the stream itself is ended by the stop (LiveHub.endStreams).
   */
  track(app: FastifyInstance): void {
    const begin = () => (this.running += 1);
    const end = () => this.end();
    app.addHook('onRoute', (route) => {
      const handler = route.handler as RouteHandlerMethod;
      const tracked: RouteHandlerMethod = function tracked(this: FastifyInstance, request, reply) {
        begin();
        let result: unknown;
        try {
          result = handler.call(this, request, reply);
        } catch (error) {
          end();
          throw error;
        }
        // `then` with both callbacks, not `finally`: one promise and one turn of microtasks fewer
        // on every request (finally chains a second promise behind its callback).
        if (result instanceof Promise)
          return result.then(
            (value: unknown) => {
              end();
              return value;
            },
            (error: unknown) => {
              end();
              throw error;
            },
          );
        end();
        return result;
      };
      route.handler = tracked;
    });
  }

  /** Resolves once no handler runs. */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** An `onClose` hook that runs `close` once no handler runs. */
  thenClose(close: () => unknown): () => Promise<void> {
    return async () => {
      await this.idle();
      await close();
    };
  }

  private end(): void {
    this.running -= 1;
    if (this.running > 0) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
