/**
 * Where a request's time goes: the built server (npm run build first) on a fresh SQLite
 * data directory answers one route at 50 connections for BENCH_SECONDS (10) after a warm-up, with
 * V8's CPU profiler running through the server's inspector for exactly that load; then the
 * functions that took the most time themselves (self time, as a share of the samples) are
 * printed, with their file and line, and the same grouped by package (or `server`, `node:`, V8's
 * own: `(garbage collector)`, `(program)`, `(idle)`).
 *
 *   npm run bench:profile -w bench -- /api/health
 *   npm run bench:profile -w bench -- /api/jwt/me           (signed in as a new user)
 *   npm run bench:profile -w bench -- '/api/todos?user=ME'  (ME: that user's id; 200 to-dos made)
 *
 * Not part of `npm run bench`: it prints where the time goes, not a figure against a goal.
 */
import path from 'node:path';
import { call, signUp } from './board-fixtures';
import { measure, printTable, startInstance, warmUp } from './harness';
import { inspectorSession } from './process-probe';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const route = process.argv[2] ?? '/api/health';
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const server = await startInstance({ NODE_OPTIONS: '--inspect=127.0.0.1:0' }, 'bench-profile');
let figures;
let profile: Profile;
try {
  const user = await signUp(server.url, 'Profile Bench');
  if (route.includes('ME')) {
    for (let i = 0; i < 200; i += 1)
      await call(user, 'POST', '/todos', { title: `Task ${i} of the profile`, isImportant: i % 5 === 0 });
  }
  const options = {
    url: `${server.url}${route.replace('ME', user.userId)}`,
    headers: { authorization: `Bearer ${user.token}` },
  };
  await warmUp(options);
  const session = await inspectorSession(server.inspector());
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.start');
    figures = await measure(options);
    profile = (await session.send<{ profile: Profile }>('Profiler.stop')).profile;
  } finally {
    session.close();
  }
} finally {
  await server.stop();
}

const root = path.resolve(import.meta.dirname, '..');
const byId = new Map(profile!.nodes.map((node) => [node.id, node]));
const self = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
for (const id of profile!.samples) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
  const key = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
  self.set(key, (self.get(key) ?? 0) + 1);
  let pkg: string;
  if (where.includes('node_modules/')) {
    const parts = where.split('node_modules/').at(-1)!.split('/');
    pkg = parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/');
  } else if (where.startsWith('node:')) pkg = 'node:';
  else if (where.startsWith('server/')) pkg = 'server';
  else pkg = functionName.startsWith('(') ? functionName : where || '(native)';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
  total += 1;
}

const share = (count: number) => `${((100 * count) / Math.max(1, total)).toFixed(1)} %`;
console.log(
  `\n${route}: ${figures.reqPerSec} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms at 50 connections; ${total} samples in the load's window`,
);
printTable(
  `Self time by function (top ${TOP})`,
  [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([fn, count]) => ({ function: fn, self: share(count) })),
);
printTable(
  'Self time by package',
  [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([pkg, count]) => ({ package: pkg, self: share(count) })),
);
