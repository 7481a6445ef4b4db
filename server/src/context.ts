/** What route modules are given: configuration, the database and the services built on it. */
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import type { Mailer } from './lib/mailer';
import type { AccountService } from './modules/account/service';
import type { AuthService } from './modules/auth/service';
import type { ProjectsService } from './modules/projects/service';
import type { UsersService } from './modules/users/service';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  auth: AuthService;
  accounts: AccountService;
  users: UsersService;
  projects: ProjectsService;
  /** preHandler: 401 unless a valid Bearer token of an active user is presented. */
  authenticate: (request: FastifyRequest) => Promise<void>;
}
