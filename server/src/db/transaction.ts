/**
 * The one way a service opens a transaction: `transaction(db, async (trx) => …)`. What must happen
 * only once the change is committed — a live event, the outbox sending the mail the transaction
 * wrote — is registered inside it with `afterCommit(trx, effect)`, next to the write that causes
 * it, and runs after the commit, in order; a transaction that rolls back runs none. An effect that
 * throws is logged and does not undo the answer (the change is committed).
 *
 * Called outside a transaction (`afterCommit(db, …)` on the plain handle), an effect runs at once:
 * a single statement commits as it runs.
 */
import type { Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';

type Effect = () => void;

/** The effects waiting for each open transaction's commit. */
const pending = new WeakMap<object, Effect[]>();

/** Told of an effect that threw after a commit (the server's logger; tests leave the default). */
let report: (error: unknown) => void = (error) => console.error('after-commit effect failed', error);

export function onEffectError(reporter: (error: unknown) => void): void {
  report = reporter;
}

/** Runs `work` in a transaction, then the effects it registered, once it has committed. */
export async function transaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let effects: Effect[] = [];
  const result = await db.transaction().execute((trx) => {
    // Each run of the work starts its list afresh.
    effects = [];
    pending.set(trx, effects);
    return work(trx);
  });
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      report(error);
    }
  }
  return result;
}

/**
 * `effect` after the commit of `trx`'s transaction; at once when `trx` is not in one. A transaction
 * opened without `transaction()` has no list: that is a programming error, said at once.
 */
export function afterCommit(trx: Db, effect: Effect): void {
  if (!trx.isTransaction) {
    effect();
    return;
  }
  const effects = pending.get(trx);
  if (!effects)
    throw new Error('afterCommit: open the transaction with transaction() from db/transaction.ts');
  effects.push(effect);
}
