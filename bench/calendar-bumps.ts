/**
 * A change to every person's calendar, as a write to it makes it: each version moved on and the
 * change recorded with it (dav_changes) — one of their events, as an edit of it records (`told`;
 * its content unchanged, so answers stay checkable), or a change not told event by event (as an
 * account's deletion records). In a worker thread of its own (`CalendarBumper`), with its own
 * connection to the server's database: on SQLite the driver is synchronous, and run in the
 * benchmark's thread it would hold up the reading of the answers being timed there — latency the
 * server did not cause (~1.5 ms per change, with ten requests in flight).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Db } from '../server/src/db';
import { openDatabase } from '../server/src/db';

interface BumpRequest {
  id: number;
  people: number[];
  /** Each person's event (by person), recorded as edited when `told`. */
  eventOf: Array<[number, number]>;
  told: boolean;
}

/** Two statements, so that the writes hold the database briefly. */
export async function bumpCalendars(
  db: Db,
  people: number[],
  eventOf: ReadonlyMap<number, number>,
  told: boolean,
): Promise<void> {
  const bumped = await db
    .updateTable('list_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('list', '=', 'calendar')
    .where('user_id', 'in', people)
    .returning(['user_id', 'version'])
    .execute();
  await db
    .insertInto('dav_changes')
    .values(
      bumped.map((row) => {
        const id = told ? eventOf.get(row.user_id)! : 0;
        return {
          user_id: row.user_id,
          list: 'calendar',
          source_id: id,
          name: told ? `${id}.ics` : '',
          version: row.version,
        };
      }),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'list', 'source_id']).doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        name: eb.ref('excluded.name'),
      })),
    )
    .execute();
}

/** bumpCalendars in a worker thread on the server's database (`url` on PostgreSQL, else `dataDir`). */
export class CalendarBumper {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  constructor(database: { url: string | undefined; dataDir: string }) {
    // The worker loads this TypeScript file through tsx, as the benchmark itself is run.
    const self = JSON.stringify(import.meta.url);
    this.worker = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${self}, ${self}))`, {
      eval: true,
      workerData: database,
    });
    this.worker.on('message', (answer: { id: number; error?: string }) => {
      const waiting = this.waiting.get(answer.id)!;
      this.waiting.delete(answer.id);
      if (answer.error) waiting.reject(new Error(answer.error));
      else waiting.resolve();
    });
    this.worker.on('error', (error) => {
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    });
  }

  bump(people: number[], eventOf: ReadonlyMap<number, number>, told: boolean): Promise<void> {
    const id = (this.next += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, people, eventOf: [...eventOf], told } satisfies BumpRequest);
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage('close');
    await new Promise((resolve) => this.worker.once('exit', resolve));
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const { url, dataDir } = workerData as { url: string | undefined; dataDir: string };
  const database = openDatabase({ url, dataDir });
  // One change at a time, in the order asked.
  let queue = Promise.resolve();
  port.on('message', (request: BumpRequest | 'close') => {
    queue = queue.then(async () => {
      if (request === 'close') {
        await database.close();
        port.close();
        return;
      }
      try {
        await bumpCalendars(database.db, request.people, new Map(request.eventOf), request.told);
        port.postMessage({ id: request.id });
      } catch (error) {
        port.postMessage({ id: request.id, error: String(error) });
      }
    });
  });
}
