/** What route modules are given: configuration, the database and the services built on it. */
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import type { Services } from './services';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  services: Services;
}
