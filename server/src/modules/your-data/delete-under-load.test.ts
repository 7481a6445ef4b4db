/**
 * Deleting an account while others write to its shared boards: on PostgreSQL a deletion that took
 * row locks in the opposite order of a board write (children first, the board last) would deadlock,
 * a 500. So it locks the boards first, in id order, as writers do, and retries once on a deadlock
 * anyway: the deletion answers 204, every write answers 2xx or 404 (the board is gone), never a
 * 5xx. Run on both engines.
 */
import { expect, it } from 'vitest';
import { befriend, buildBoard, type BuiltBoard, buildUser, call } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

it.each([1, 2, 3])(
  'deletes the account while members write to its boards, and no write answers a 5xx (round %i)',
  async () => {
    if ((await t.database.db.selectFrom('users').select('id').execute()).length === 0) {
      await buildUser(t); // the instance's operator, who may not leave (D7)
    }
    const victim = await buildUser(t);
    const writers = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    for (const writer of writers) await befriend(t, victim, writer);
    const boards: BuiltBoard[] = [];
    for (let n = 0; n < 3; n += 1) {
      boards.push(
        await buildBoard(t, victim, {
          name: `Shared ${n}`,
          members: writers,
          layout: { Todo: ['first'], Doing: ['second'] },
        }),
      );
    }
    // The victim is also a member of a writer's board, with a card of theirs there.
    const theirs = await buildBoard(t, writers[0]!, {
      name: 'Theirs',
      members: [victim],
      layout: { Todo: [] },
    });

    const statuses = new Map<number, number>();
    let stop = false;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const writing = writers.map(async (writer, w) => {
      for (let n = 0; !stop && n < 2000; n += 1) {
        const built = n % 4 === 3 ? theirs : boards[n % boards.length]!;
        const list = Object.values(built.lists)[0]!;
        const response = await call(
          t,
          'POST',
          `/api/projects/${built.board._id}/lists/${list._id}/items`,
          writer.token,
          { name: `w${w}-${n}` },
        );
        count(response.statusCode);
        const item = Object.values(built.items)[0];
        if (item && n % 3 === 0) {
          count(
            (
              await call(
                t,
                'PUT',
                `/api/projects/${built.board._id}/lists/${list._id}/items/${item._id}`,
                writer.token,
                { name: `renamed ${n}` },
              )
            ).statusCode,
          );
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const deleted = await call(t, 'DELETE', '/api/account', victim.token, { password: victim.password });
    stop = true;
    await Promise.all(writing);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const codes = [...statuses.keys()].sort();
    expect(
      codes.filter((code) => code >= 500),
      JSON.stringify(Object.fromEntries(statuses)),
    ).toEqual([]);
    expect(codes.every((code) => code < 300 || code === 404)).toBe(true);
    // The victim's boards are gone; the writer's board stays, without the victim.
    expect(
      (await call(t, 'GET', `/api/projects?id=${boards[0]!.board._id}`, writers[1]!.token)).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', `/api/projects?id=${theirs.board._id}`, writers[0]!.token)).statusCode).toBe(
      200,
    );
  },
);
