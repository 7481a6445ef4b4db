/** What route modules are given: configuration, the database and the services built on it. */
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import type { Mailer } from './lib/mailer';
import type { AuthService } from './modules/auth/service';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  auth: AuthService;
  /** preHandler: 401 unless a valid Bearer token of an active user is presented. */
  authenticate: (request: FastifyRequest) => Promise<void>;
}
