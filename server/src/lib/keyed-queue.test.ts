import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedQueue', () => {
  it('runs one task at a time per key, in order, and keys side by side', async () => {
    const queue = new KeyedQueue<number>();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (key: number, name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([
      queue.run(1, task(1, 'a')),
      queue.run(1, task(1, 'b')),
      queue.run(2, task(2, 'x')),
      queue.run(1, task(1, 'c')),
    ]);
    expect(results).toEqual(['a', 'b', 'x', 'c']);
    const ofKey1 = log.filter((line) => !line.startsWith('x'));
    expect(ofKey1).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    // Key 2 did not wait for key 1.
    expect(log.indexOf('x start')).toBeLessThan(log.indexOf('a end'));
    expect(most).toBe(2);
  });

  it('goes on after a task fails, which fails only its own caller', async () => {
    const queue = new KeyedQueue<string>();
    const failing = queue.run('k', () => Promise.reject(new Error('refused')));
    const next = queue.run('k', () => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next');
  });

  it('forgets a key once its tasks are done', async () => {
    const queue = new KeyedQueue<string>();
    await queue.run('k', () => Promise.resolve(1));
    await tick();
    expect(queue.size).toBe(0);
  });
});
