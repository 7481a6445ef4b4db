// How every part of a board changes it (D16–D18): after the policy's check, in one transaction
// holding the board's lock that bumps its version, so concurrent moves never lose, duplicate or
// misplace an item and cached reads know they are stale; then its people hear of it live.
import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import { afterCommit, transaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { notFound } from '../../errors';
import { KeyedQueue } from '../../lib/keyed-queue';
import { authorizeBoard, type BoardAccess, boardPeople } from './policy';

export const now = () => new Date().toISOString();

// Compiled once (db/prepared.ts): every board write runs it.
const bumpVersion = prepared<{ version: number }, [at: string, boardId: number]>((db) =>
  db
    .updateTable('boards')
    .set({ version: sql<number>`version + 1`, updated_at: '' })
    .where('id', '=', 0)
    .returning('version'),
);

export type ProjectsServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live' | 'outbox' | 'config'>;

/** What each part of the projects module is built from: the shared deps and the one BoardWrites. */
export type BoardPartDeps = ProjectsServiceDeps & { writes: BoardWrites };

/** Built once, in service.ts, for every part: its queue keeps one board's writes in this process in turn. */
export class BoardWrites {
  /** This process's board writes, one at a time per board (lib/keyed-queue.ts). */
  private readonly boardWrites = new KeyedQueue<number>();

  constructor(private readonly deps: ProjectsServiceDeps) {}

  /** The board if the user owns it or is a member (policy.ts); 404 otherwise. */
  access(userId: number, boardId: number, db: Db = this.deps.db): Promise<BoardAccess> {
    return authorizeBoard(db, userId, boardId, 'content');
  }

  ownerAccess(userId: number, boardId: number): Promise<BoardAccess> {
    return authorizeBoard(this.deps.db, userId, boardId, 'board');
  }

  /**
   * Runs a change to one board in a transaction holding the board's lock, then bumps its version;
   * once committed, everyone who can see the board (and `alsoTell`, who could before) hears it live.
   */
  async mutate<T>(boardId: number, change: (trx: Db) => Promise<T>, alsoTell: number[] = []): Promise<T> {
    return (await this.mutateVersioned(boardId, change, alsoTell)).result;
  }

  /** `mutate`, answering the board's new version too. */
  async mutateVersioned<T>(
    boardId: number,
    change: (trx: Db) => Promise<T>,
    alsoTell: number[] = [],
    /** Who hears of it, when the caller has read it already (else it is read after the commit). */
    audience?: number[],
  ): Promise<{ result: T; version: number }> {
    const write = () =>
      transaction(this.deps.db, async (trx) => {
        await this.deps.engine
          .forUpdate(trx.selectFrom('boards').select('id').where('id', '=', boardId))
          .execute();
        const result = await change(trx);
        const bumped = await bumpVersion(trx, now(), boardId);
        if (!bumped) throw notFound();
        return { result, version: bumped.version };
      });
    // One write per board at a time in this process, queued before it takes a connection.
    const { result, version } = await this.boardWrites.run(boardId, write);
    // Who hears of it is read after the commit, so the board's lock is held for the change alone.
    this.announce(boardId, version, [
      ...(audience ?? (await this.audience(this.deps.db, boardId))),
      ...alsoTell,
    ]);
    return { result, version };
  }

  /** The board's owner and members: who can see it. */
  async audience(db: Db, boardId: number): Promise<number[]> {
    return [...(await boardPeople(db, boardId))];
  }

  /** Called once the change has committed (its audience was read after the commit). */
  announce(boardId: number, version: number, userIds: number[]): void {
    afterCommit(this.deps.db, () =>
      this.deps.live.publish(userIds, { type: 'board', data: { boardId: String(boardId), version } }),
    );
  }
}
