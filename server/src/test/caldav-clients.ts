/**
 * CalDAV clients no one here wrote, for the sync tests: the test app listening on a free port of
 * 127.0.0.1, a scratch folder, and python3-caldav driven one action at a time
 * (scripts/caldav-client.py) with an app password. Without python3-caldav the tests fail.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AppPasswordCreated } from '@cadence/contract';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './harness';

export const run = promisify(execFile);
export const scriptsDir = path.join(import.meta.dirname, '../../../scripts');

export interface CaldavServer {
  /** `http://127.0.0.1:<port>`, once the app listens. */
  readonly base: string;
  /** A folder of this file's own, removed after it. */
  readonly scratch: string;
  /** One action of python3-caldav; its JSON answer. */
  caldav<T>(secret: AppPasswordCreated, action: string, ...args: string[]): Promise<T>;
}

export function useCaldavServer(t: TestApp, name: string): CaldavServer {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const server = {
    base: '',
    scratch,
    async caldav<T>(secret: AppPasswordCreated, action: string, ...args: string[]): Promise<T> {
      const script = path.join(scriptsDir, 'caldav-client.py');
      const { stdout } = await run(
        '/usr/bin/python3',
        [script, `${server.base}/.well-known/caldav`, secret.username, secret.password, action, ...args],
        { timeout: 30_000 },
      );
      return JSON.parse(stdout) as T;
    },
  };
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    server.base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  return server;
}
