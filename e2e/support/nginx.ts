/**
 * Debian's nginx in front of the test's instances, as the README's deployment section sets it up:
 * on a free port, its own prefix in a temporary folder, the instances as one upstream, the client's
 * address appended to X-Forwarded-For. Never the system's nginx or its configuration.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

export interface OwnNginx {
  url: string;
  port: number;
  /** What nginx wrote to its error log so far (upstreams it gave up on, and why). */
  errors(): string;
  stop(): Promise<void>;
}

export async function ownNginx(
  upstreams: string[],
  binary = process.env.NGINX ?? '/usr/sbin/nginx',
): Promise<OwnNginx> {
  if (!fs.existsSync(binary)) throw new Error(`${binary} is missing: apt-get install nginx-light`);
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-nginx-'));
  const servers = upstreams.map((url) => `    server ${new URL(url).host};`).join('\n');
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream cadence {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://cadence;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
    }
  }
}
`;
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, config);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', file, '-e', `${prefix}/error.log`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(prefix, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGQUIT');
    });
  const errors = () => {
    try {
      return fs.readFileSync(path.join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return { url, port, errors, stop };
}
