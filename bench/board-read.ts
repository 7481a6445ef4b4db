/**
 * Board read: a board of 20 lists × 50 items × 2 to-dos, `GET /api/projects?id=` against the built
 * server, and in the same run the real ceiling — a bare Fastify route sending the very bytes the
 * app sent, from memory (bare-server.mjs) — each in a process of its own, autocannon at 50
 * connections. Two rows: plain JSON, and `Accept-Encoding: br` (the app's brotli bytes, cached per
 * board version; the bare route sends the same brotli bytes). Prints req/s, p50, p99, the ratio and
 * the sizes, on SQLite and, when DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL (in a
 * database of its own, made and dropped here; each row measured on SQLite, the bare route, then
 * PostgreSQL); then checks that the current ETag answers 304. Goal on SQLite: ratio ≥ 0.8; the
 * table says whether it is met. The run fails when the read is wrong (no brotli, no 304), not on a
 * ratio: on a shared 2-core machine the load generator takes half the CPU of both servers, and CI
 * must not flake.
 */
import { buildBoard, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  printTable,
  reportProblems,
  seconds,
  startOnEngine,
} from './harness';
import { compareWithBare, fetchBodies, metOrMissed, rawGet } from './wire';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const GOAL_RATIO = 0.8;

/** A server on `engine` with the board made, its read fetched (plain and br) and checked. */
async function prepare(engine: Engine, problems: string[]) {
  const { server, stop } = await startOnEngine(engine, 'cadence_bench_board', postgresUrl);
  try {
    const client = await signUp(server.url);
    const { boardId } = await buildBoard(client, 20, 50, 2);
    const boardUrl = `${server.url}/api/projects?id=${boardId}`;
    const auth = { authorization: `Bearer ${client.token}` };
    const read = await fetchBodies(boardUrl, auth, `${engine} GET /api/projects?id=`, () => [], problems);
    return { engine, stop, boardUrl, auth, url: () => boardUrl, bodies: [read], read };
  } catch (error) {
    await stop();
    throw error;
  }
}

const problems: string[] = [];
const servers: Array<Awaited<ReturnType<typeof prepare>>> = [];
const revalidated: Array<{ engine: Engine; etag: string; status: number }> = [];
let rows;
try {
  for (const engine of enginesFor(postgresUrl)) servers.push(await prepare(engine, problems));
  rows = await compareWithBare(
    servers,
    [{ name: 'board', route: '/board' }],
    undefined,
    (_app, ratio, engine) => ({
      [`goal ≥ ${GOAL_RATIO}`]: engine === 'SQLite' ? metOrMissed(ratio >= GOAL_RATIO) : '—',
    }),
  );
  for (const { engine, boardUrl, auth, read } of servers) {
    const answer = await rawGet(boardUrl, { ...auth, 'if-none-match': read.etag });
    revalidated.push({ engine, etag: read.etag, status: answer.status });
  }
} finally {
  for (const server of servers) await server.stop();
}
printTable(
  `Board read: 20 lists × 50 items × 2 to-dos (${(servers[0]!.read.plain.body.length / 1024).toFixed(0)} KB of JSON), 50 connections, ${seconds} s each, ${cores} cores; bare = the same bytes from memory${servers.length > 1 ? ', measured between the two engines' : ''}`,
  rows,
);
for (const r of revalidated) console.log(`${r.engine}: If-None-Match ${r.etag} → ${r.status} (304 expected)`);
for (const row of rows.filter((row) => row.engine === 'SQLite' && Number(row.ratio) < GOAL_RATIO))
  console.log(`Goal missed on SQLite (${row.encoding}): ratio ${row.ratio} < ${GOAL_RATIO}`);
reportProblems('The board read is wrong', [
  ...problems,
  ...revalidated
    .filter((r) => r.status !== 304)
    .map((r) => `${r.engine}: a board read with the current ETag ${r.etag} answered ${r.status}, not 304`),
]);
