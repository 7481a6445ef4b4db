/**
 * Built instances as an operator runs several: one PostgreSQL database of the test's own and a
 * Redis of its own, each instance on its own data folder and port. The first is started alone, so
 * that the instances do not race to migrate the new database.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownRedis } from './redis';
import { freshPostgresDatabase, type RunningServer, startServer } from './server';

export interface Instances {
  servers: RunningServer[];
  databaseUrl: string;
  /** The environment of instance `index` (as started), to start it again on the same port. */
  env(index: number): Record<string, string>;
  /** Starts instance `index` again with its environment and port, after it stopped. */
  restart(index: number): Promise<RunningServer>;
  /** Stops every instance, then Redis and the database; removes the data folders. */
  stop(): Promise<void>;
}

export async function startInstances(
  name: string,
  count: number,
  extra: Record<string, string> = {},
): Promise<Instances> {
  const redis = await ownRedis();
  const database = await freshPostgresDatabase(`cadence_${name.replace(/\W/g, '_')}`);
  const prefix = `cadence-${name}-${randomBytes(6).toString('hex')}:`;
  const folders: string[] = [];
  const envs: Record<string, string>[] = [];
  const servers: RunningServer[] = [];
  const stop = async () => {
    for (const server of servers) await server.stop();
    await redis.stop();
    await database.drop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cadence-${name}-${index}-`));
      folders.push(dataDir);
      const env: Record<string, string> = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: `${name}-test-secret-long-enough-for-hs256`,
        REDIS_URL: redis.url,
        REDIS_PREFIX: prefix,
        SEED_DEMO: 'false',
        REMINDERS: 'false',
        LOG_LEVEL: 'warn',
        ...extra,
      };
      const server = await startServer(env);
      env.PORT = new URL(server.url).port;
      envs.push(env);
      servers.push(server);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    servers,
    databaseUrl: database.url,
    env: (index) => envs[index]!,
    restart: async (index) => {
      const server = await startServer(envs[index]!);
      servers[index] = server;
      return server;
    },
    stop,
  };
}
