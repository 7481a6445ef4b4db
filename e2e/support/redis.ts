/**
 * A Redis of the test's own (redis-server, no persistence) on a free port, which the test may stop
 * and start again on the same port — the shared Redis on 6379 is never touched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './server';

export interface OwnRedis {
  url: string;
  /** Starts it (again, on the same port); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (SIGTERM: it closes its connections and exits); resolves once it is gone. */
  stop(): Promise<void>;
}

export async function ownRedis(binary = process.env.REDIS_SERVER ?? 'redis-server'): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child = started;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      started.stdout.on('data', onData);
      started.stderr.on('data', onData);
      started.once('error', reject);
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
