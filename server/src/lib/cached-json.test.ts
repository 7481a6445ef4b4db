import { describe, expect, it } from 'vitest';
import { jsonInSlices } from './cached-json';

const occurrence = (n: number) => ({
  id: String(n),
  title: `Meeting ${n} “quoted” \\ é`,
  start: new Date(Date.UTC(2026, 0, 1, n % 24)).toISOString(),
  skipped: undefined,
  guests: n % 3 === 0 ? [] : [String(n), String(n + 1)],
});

describe('jsonInSlices', () => {
  it('writes the bytes JSON.stringify writes, whatever the value', async () => {
    const values: unknown[] = [
      null,
      42,
      'text',
      [1, 2, 3],
      {},
      { only: undefined },
      { data: [] },
      ...[250, 251, 500, 501, 1234].map((length) => ({
        data: Array.from({ length }, (_, n) => occurrence(n)),
        people: { '2': { name: 'B' }, '1': { name: 'A' } },
        left: undefined,
        truncated: length > 1000,
        holes: Array.from({ length: 600 }, (_, n) => (n % 7 === 0 ? undefined : n)),
      })),
      { when: new Date(0), data: Array.from({ length: 300 }, (_, n) => n) },
      { toJSON: () => ({ replaced: true }) },
    ];
    for (const value of values) {
      expect((await jsonInSlices(value)).toString()).toBe(JSON.stringify(value));
    }
  });

  it('lets the event loop turn while it writes a long array', async () => {
    const data = Array.from({ length: 200_000 }, (_, n) => occurrence(n));
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const bytes = await jsonInSlices({ data });
    // The turn came while the array was written, not after it.
    expect(turned).toBe(true);
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify({ data })));
  });

  it('writes a short answer at once', async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    await jsonInSlices({ data: [occurrence(1)] });
    expect(turned).toBe(false);
  });
});
