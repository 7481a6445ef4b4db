/**
 * Runs tasks one at a time per key, in the order they were queued, across keys at once. The board
 * writes queue here before they take a database connection (decisions §27): without it, ten moves
 * on one board would hold the pool's ten PostgreSQL connections, nine of them waiting on the
 * board's row lock, while every other request waited for a connection. The database lock stays
 * what makes concurrent writes safe (other instances, other processes); this only keeps the
 * waiting out of the pool.
 */
export class KeyedQueue<K> {
  /** The tail of each key's queue: settled when its last task is. */
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(task, task) : task();
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last task of a key removes its entry, so idle keys take no memory.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
