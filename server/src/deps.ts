/**
 * What services are built from: the database and the process's shared parts. Every service takes
 * one object of these (a `Pick` of what it uses, plus the services it calls) in its constructor.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { Engine } from './db/dialect';
import type { LiveHub } from './lib/live';
import type { Mailer } from './lib/mailer';
import type { MailOutbox } from './lib/outbox';
import type { AccessTokens, LinkTokens } from './lib/tokens';

export interface ServiceDeps {
  db: Db;
  engine: Engine;
  config: Config;
  mailer: Mailer;
  /** Every e-mail caused by a write: enqueued in its transaction, delivered after the commit. */
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  accessTokens: AccessTokens;
  /** Signed links that act without signing in (D42's Accept and Decline). */
  links: LinkTokens;
  /** Publishes live events (D38) to users' streams, on every instance. */
  live: LiveHub;
}
