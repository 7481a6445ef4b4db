/// <reference lib="dom" />
/**
 * Where a card drag's frames go: a Chromium trace (devtools.timeline) and a JavaScript CPU
 * profile of one mouse drag of a card to the next column on a board of 10 lists × 100 items,
 * against the built server (npm run build first; for readable function names build the web app
 * unminified: `npx vite build --minify false` in web/). Prints, for the pick-up and for the drop,
 * the main thread's time by trace event (self time: an event's duration less its children's) and
 * the JavaScript functions with the most self time. A tool, not a benchmark: nothing is judged.
 *   npm run bench:trace-drag -w bench
 */
import type { CDPSession, Page } from 'playwright-core';
import { call, signUp } from './board-fixtures';
import { launchChromium, round1 as round, signedInPage, startInstance } from './harness';
import { untilQuiet } from './quiet';

const LISTS = 10;
const ITEMS_PER_LIST = 100;
const CARDS = '[data-testid="board-item"]';
const TOP = Number(process.env.TRACE_TOP ?? 15);

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, string | number | undefined> };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const server = await startInstance({}, 'trace-drag');
const client = await signUp(server.url, 'Trace Drag');
const board = await call<{ _id: string }>(client, 'POST', '/projects', { name: 'Big board' });
const listIds: string[] = [];
for (let list = 0; list < LISTS; list += 1) {
  listIds.push(
    (
      await call<{ _id: string }>(client, 'POST', `/projects/${board._id}/lists`, {
        name: `List ${list + 1}`,
      })
    )._id,
  );
}
await Promise.all(
  listIds.map(async (listId, list) => {
    for (let item = 0; item < ITEMS_PER_LIST; item += 1) {
      await call(client, 'POST', `/projects/${board._id}/lists/${listId}/items`, {
        name: `Card ${list + 1}.${item + 1}`,
      });
    }
  }),
);

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** Main-thread self time by event name between two trace timestamps (µs). */
function selfTimes(events: TraceEvent[], mainTid: number, pid: number, from: number, to: number) {
  const complete = events
    .filter((e) => e.ph === 'X' && e.tid === mainTid && e.pid === pid && e.dur !== undefined)
    .filter((e) => e.ts >= from && e.ts + e.dur! <= to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const event of complete) {
    while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur!);
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur!);
    stack.push(event);
  }
  return [...self.entries()]
    .map(([name, us]) => ({ event: name, 'self ms': round(us / 1000) }))
    .filter((row) => row['self ms'] > 0.1)
    .sort((a, b) => b['self ms'] - a['self ms'])
    .slice(0, TOP);
}

interface Profile {
  nodes: (ProfileNode & { children?: number[] })[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}
const profiles: Profile[] = [];

/** Inclusive and self time by function of the samples in [from, to] (trace µs). */
function samplesBetween(profile: Profile, from: number, to: number) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const name = (id: number) => {
    const frame = byNode.get(id)!.callFrame;
    return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
  };
  const total = new Map<string, number>();
  const self = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (time < from || time > to) return;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    self.set(name(id), (self.get(name(id)) ?? 0) + delta);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = name(node);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + delta);
    }
  });
  const top = (map: Map<string, number>, keep: (key: string) => boolean) =>
    [...map.entries()]
      .filter(([key]) => keep(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, us]) => ({ function: key, ms: round(us / 1000) }));
  return {
    self: top(self, (key) => !key.startsWith('(idle)')),
    components: top(total, (key) => /^[A-Z][A-Za-z]+ /.test(key)),
  };
}

async function profileOf(session: CDPSession) {
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
  profiles.push(profile);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)!.callFrame;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return [...self.entries()]
    .map(([fn, us]) => ({ function: fn, 'self ms': round(us / 1000) }))
    .filter((row) => !row.function.startsWith('(idle)'))
    .sort((a, b) => b['self ms'] - a['self ms'])
    .slice(0, TOP);
}

const browser = await launchChromium();
try {
  const { page, context } = await signedInPage(browser, client.session);
  await page.goto(`${server.url}/apps/project/${board._id}`);
  await page.locator(`[data-list-id="${listIds[1]}"] ${CARDS}`).first().waitFor();
  await untilQuiet(page);
  const session = await context.newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });

  const card = page.locator(`[data-list-id="${listIds[0]}"] ${CARDS}`).first();
  const from = (await card.boundingBox())!;
  const to = (await page.locator(`[data-list-id="${listIds[1]}"] [data-testid="list-items"]`).boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 3, 200) };

  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  const traced = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,__metadata',
    transferMode: 'ReportEvents',
  });
  const clock = async (name: string) =>
    (
      await session.send('Runtime.evaluate', {
        expression: `performance.mark('trace:${name}').startTime`,
        returnByValue: true,
      })
    ).result.value as number;

  // The pick-up: pressed, moved 10 px in 5 steps.
  await page.mouse.move(start.x, start.y);
  await frames(page);
  await session.send('Profiler.start');
  const pressed = await clock('pressed');
  await page.mouse.down();
  for (let step = 1; step <= 5; step += 1) {
    await page.mouse.move(start.x + 2 * step, start.y + 2 * step);
    await frames(page);
  }
  await clock('lifted');
  const pickUpProfile = await profileOf(session);
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(
      start.x + 10 + ((end.x - start.x - 10) * step) / 20,
      start.y + 10 + ((end.y - start.y - 10) * step) / 20,
    );
    await frames(page);
  }
  await session.send('Profiler.start');
  const released = await clock('released');
  await page.mouse.up();
  await frames(page);
  await frames(page);
  await page.waitForTimeout(300);
  await clock('settled');
  const dropProfile = await profileOf(session);
  await session.send('Tracing.end');
  await traced;

  // Each phase's bounds are performance marks, which the trace holds with its own timestamps.
  const markAt = (name: string) => {
    const mark = events.find((e) => e.name === name && e.cat?.includes('user_timing'));
    if (!mark) throw new Error(`the trace has no mark ${name}`);
    return mark;
  };
  const { pid, tid } = markAt('trace:pressed');
  const at = (name: string) => markAt(name).ts;
  const firstTs = at('trace:pressed');
  console.log(`Trace: ${events.length} events; renderer main ${pid}:${tid}`);
  console.log('\nPick-up (press → lifted): main-thread self time by trace event');
  console.table(selfTimes(events, tid, pid, at('trace:pressed'), at('trace:lifted')));
  console.log('Pick-up: JavaScript self time');
  console.table(pickUpProfile);
  console.log('\nDrop (release → settled): main-thread self time by trace event');
  console.table(selfTimes(events, tid, pid, at('trace:released'), at('trace:settled')));
  console.log('Drop: JavaScript self time');
  console.table(dropProfile);
  for (const [phase, from, until] of [
    ['pick-up', 'trace:pressed', 'trace:lifted'],
    ['drop', 'trace:released', 'trace:settled'],
  ] as const) {
    const longest = events
      .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask')
      .filter((e) => e.ts >= at(from) && e.ts <= at(until))
      .sort((a, b) => b.dur! - a.dur!)[0];
    if (!longest) continue;
    console.log(
      `\nThe longest task of the ${phase} (${round(longest.dur! / 1000)} ms, at ${round((longest.ts - firstTs) / 1000)} ms):`,
    );
    console.table(selfTimes(events, tid, pid, longest.ts, longest.ts + longest.dur!));
    const calls = events.filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.name === 'FunctionCall' &&
        e.ts >= longest.ts &&
        e.ts <= longest.ts + longest.dur!,
    );
    const profile = profiles[phase === 'pick-up' ? 0 : 1]!;
    const inTask = samplesBetween(profile, longest.ts, longest.ts + longest.dur!);
    console.log('JavaScript self time in it');
    console.table(inTask.self);
    console.log('Components (inclusive) in it');
    console.table(inTask.components);
    console.log(
      calls
        .map(
          (e) =>
            `${round(e.dur! / 1000)} ms ${String(e.args?.data?.functionName ?? '')} ${String(
              e.args?.data?.url ?? '',
            )
              .split('/')
              .pop()}:${String(e.args?.data?.lineNumber ?? '')}`,
        )
        .join('\n'),
    );
  }
  const longTasks = events
    .filter(
      (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > 8000,
    )
    .map((e) => ({ 'at ms': round((e.ts - firstTs) / 1000), ms: round(e.dur! / 1000) }));
  console.log(
    `\nTasks over 8 ms on the main thread (from the first traced event; press at 0, release at ${round(released - pressed)} ms):`,
  );
  console.table(longTasks);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
