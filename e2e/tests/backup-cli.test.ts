/**
 * The operator's backup and restore, as the README runs them (`node server/dist/cli.js`, the
 * scripts behind `npm run backup` and `npm run restore`), on a SQLite data folder that a server
 * filled: a damaged file is refused with one line and exit code 1, the data left as it was; a good
 * file is refused by a database holding data without `--replace`, and restored with it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AuthSession } from '@cadence/contract';
import { afterAll, expect, it } from 'vitest';
import { api, repoRoot, startServer } from '../support/server';

const cli = path.join(repoRoot, 'server/dist/cli.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-backup-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

it('refuses a damaged backup in one line with exit 1, and a database holding data without --replace', async () => {
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', REMINDERS: 'false' });
  const session = await api<{ accessToken: string }>(server, 'POST', '/jwt/register', undefined, {
    username: 'backedup',
    email: 'backedup@example.com',
    password: 'a good long password',
  });
  for (let i = 0; i < 3; i += 1)
    await api(server, 'POST', '/projects', session.accessToken, { name: `Board ${i}` });
  await server.stop();

  const good = path.join(dataDir, 'good.jsonl.gz');
  const written = await run('backup', good);
  expect(written.code, written.stderr).toBe(0);
  expect(written.stdout).toMatch(/^backed up \d+ rows/);

  const lines = gunzipSync(fs.readFileSync(good)).toString().split('\n').filter(Boolean);
  const cut = path.join(dataDir, 'cut.jsonl.gz');
  fs.writeFileSync(
    cut,
    gzipSync(
      lines
        .slice(0, -2)
        .map((line) => `${line}\n`)
        .join(''),
    ),
  );
  const headerOnly = path.join(dataDir, 'header.jsonl.gz');
  fs.writeFileSync(headerOnly, gzipSync(`${lines[0]}\n`));
  for (const damaged of [cut, headerOnly]) {
    const refused = await run('restore', damaged, '--replace');
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n'), refused.stderr).toHaveLength(1);
    expect(refused.stderr).toMatch(/cut short/);
  }

  // The data is still there: the database holds it, so a plain restore is refused…
  const plain = await run('restore', good);
  expect(plain.code).toBe(1);
  expect(plain.stderr.trim()).toMatch(/already holds data.*--replace/);
  // …and with --replace the backup's rows are written back.
  const replaced = await run('restore', good, '--replace');
  expect(replaced.code, replaced.stderr).toBe(0);
  const counted = /(\d+ rows of \d+ tables)/.exec(written.stdout)![1];
  expect(replaced.stdout).toMatch(new RegExp(`^restored ${counted}`));

  const again = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', REMINDERS: 'false' });
  try {
    const signedIn = await api<AuthSession>(again, 'POST', '/jwt/login', undefined, {
      email: 'backedup@example.com',
      password: 'a good long password',
    });
    const boards = await api<{ data: Array<{ name: string }> }>(
      again,
      'GET',
      `/projects?user=${signedIn.userData._id}`,
      signedIn.accessToken,
    );
    expect(boards.data.map((board) => board.name).sort()).toEqual(['Board 0', 'Board 1', 'Board 2']);
  } finally {
    await again.stop();
  }
});
