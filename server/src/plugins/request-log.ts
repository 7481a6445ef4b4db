/**
 * One log line per request, at `info`, when its answer is sent: the request's fields (method, URL,
 * host, remote address and port) with the answer's (status) and the response time. Fastify's own
 * logging wrote two lines per request (one on arrival, one on completion), and those writes were the
 * largest single cost of a small read in a CPU profile. A request that fails is still
 * logged by the error handler (error-handler.ts) as before; this line says how it was answered.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Told with the answer, in `requestCompleted`.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
