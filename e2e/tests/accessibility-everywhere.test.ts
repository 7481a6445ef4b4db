/**
 * axe-core over every page of the app and the states the tests reach, in the four settings of
 * skin and direction: every route the features declare (web/src/features/<name>/routes.ts) with the
 * demo data (boards with cards, to-dos due today and overdue, goals at 100 %, events, meetings
 * answered and not, friends, chats, tags), the signed-out pages and the client's, then the main
 * dialogs open, a toast, and the phone width. Any serious or critical violation fails, named with
 * its page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, demoClient } from '../support/app';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/browser';
import { repoRoot, useAppServer } from '../support/server';

// Many sign-ins in a few seconds (two a setting, and a lockout for /unlock's link).
const server = useAppServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });

const settings = [
  { skin: 'light', rtl: false },
  { skin: 'dark', rtl: false },
  { skin: 'light', rtl: true },
  { skin: 'dark', rtl: true },
] as const;
type Setting = (typeof settings)[number];
const nameOf = (setting: Setting) => `${setting.skin} ${setting.rtl ? 'RTL' : 'LTR'}`;

async function call<T>(method: string, url: string, token?: string, body?: object): Promise<T> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const signIn = async (email: string, password: string) =>
  (await call<{ accessToken: string }>('POST', '/jwt/login', undefined, { email, password })).accessToken;

/** A link the server wrote to its log (no SMTP here), once it is there. */
async function linkInLog(pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = pattern.exec(server.output())?.[1];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${String(pattern)} in the server's log`);
}

/** Account settings' tabs, as its page lists them: a new tab is visited without a word here. */
function accountTabs(): string[] {
  const page = fs.readFileSync(
    path.join(repoRoot, 'web/src/features/account/pages/account-settings.tsx'),
    'utf8',
  );
  const list = /const tabs = \[([^\]]*)\]/.exec(page)?.[1] ?? '';
  const tabs = [...list.matchAll(/'([\w-]+)'/g)].map((match) => match[1]!);
  expect(tabs).toContain('general');
  return tabs;
}

/** The demo admin's board, for the states reached on it. */
const ids = { board: '' };

/** The addresses visited, by who visits them; each route of the router is one of them at least. */
const visits = { anonymous: [] as string[], client: [] as string[], admin: [] as string[] };

beforeAll(async () => {
  const admin = await signIn(demoAdmin.email, demoAdmin.password);
  const client = await signIn(demoClient.email, demoClient.password);
  const boards = await call<{ data: Array<{ _id: string; name: string }> }>('GET', '/projects?user=1', admin);
  const board = boards.data.find((b) => b.name === 'Product launch')!._id;
  ids.board = board;
  const users = await call<{ data: Array<{ _id: string; username: string }> }>('GET', '/users?page=1', admin);
  const clientId = users.data.find((u) => u.username === 'client')!._id;
  const meetings = await call<{ data: Array<{ _id: string; isOrganiser: boolean; name: string }> }>(
    'GET',
    '/meetings',
    admin,
  );
  const roadmap = meetings.data.find((m) => m.name === 'Roadmap review')!._id;
  // An answer on the admin's meeting (the one the admin is invited to stays pending).
  await call('PUT', `/meetings/${roadmap}/invitation`, client, { status: 'accepted' });
  const chats = await call<{ chats: Array<{ _id: string }> }>('GET', '/chats', admin);
  const kb = await call<{ data: Array<{ category: string; articles: Array<{ slug: string }> }> }>(
    'GET',
    '/kb?lang=en',
    admin,
  );
  const category = kb.data[0]!;

  // The links of mails: an invitation's answer, a password reset, an unlock.
  const invited = await call<{ _id: string }>('POST', '/meetings', admin, {
    name: 'Budget review',
    duration: 30,
    startDate: '2027-03-01',
    endDate: '2027-03-05',
    time: '2027-03-02T10:00:00Z',
    invitees: [clientId],
  });
  expect(invited._id).toMatch(/^\d+$/);
  const answerToken = await linkInLog(/\/meeting-answer\/([\w.-]+)/);
  await call('POST', '/jwt/forgot-password', undefined, { email: demoClient.email });
  const resetToken = await linkInLog(/reset-password\?token=([\w-]+)/);
  const locked = { username: 'lockedout', email: 'locked@example.com', password: 'a good long password' };
  await call('POST', '/jwt/register', undefined, locked);
  for (let i = 0; i < 5; i++) {
    await fetch(`${server.url}/api/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: locked.email, password: 'not the password' }),
    });
  }
  const unlockToken = await linkInLog(/\/unlock\?token=([\w%-]+)/);
  // A booking link of the admin's (D44), and a visitor's booking through it.
  const bookingType = await call<{ path: string }>('POST', '/booking-types', admin, {
    slug: 'intro-call',
    title: 'Intro call',
    description: 'Thirty minutes to meet.',
    duration: 30,
    minNotice: 0,
    rangeDays: 90,
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const offered = await call<{ data: Array<{ times: string[] }> }>(
    'GET',
    `/book${bookingType.path.slice('/book'.length)}?start=${day(14)}&end=${day(30)}&timeZone=UTC`,
    undefined,
  );
  const { token: bookingToken } = await call<{ token: string }>(
    'POST',
    `/book${bookingType.path.slice('/book'.length)}`,
    undefined,
    { start: offered.data[0]!.times[0], name: 'Dana Visitor', email: 'dana@example.com', timeZone: 'UTC' },
  );

  visits.anonymous = [
    '/login',
    '/register',
    '/forgot-password',
    `/reset-password?token=${resetToken}`,
    `/unlock?token=${unlockToken}`,
    `/meeting-answer/${answerToken}`,
    bookingType.path,
    `/booking/${bookingToken}`,
    '/error-404',
    '/pages/miscellaneous/not-authorized',
    '/pages/miscellaneous/coming-soon',
    '/pages/miscellaneous/under-maintenance',
    '/pages/miscellaneous/error',
  ];
  visits.client = ['/access-control', '/pages/miscellaneous/not-authorized'];
  visits.admin = [
    '/dashboard/analytics',
    '/apps/users/list',
    `/apps/users/view/${clientId}`,
    `/apps/users/edit/${clientId}`,
    ...accountTabs().map((tab) => `/pages/account-setting?tab=${tab}`),
    '/pages/profile',
    '/profile',
    '/apps/tags',
    '/friends',
    '/apps/requests',
    '/group',
    '/apps/projects',
    `/apps/project/${board}`,
    '/project/add-project',
    `/project/edit-project?id=${board}`,
    '/apps/objectifs',
    '/apps/objectifs/done',
    '/apps/objectifs/progress',
    '/apps/objectifs/deleted',
    '/apps/objectifs/tag/team',
    '/apps/todo',
    '/apps/todo/important',
    '/apps/todo/completed',
    '/apps/todo/deleted',
    '/apps/todo/tag/high',
    '/todo/tag/team',
    '/apps/calendar',
    '/apps/meetings',
    '/apps/meetings/add-meeting',
    `/apps/meetings/preview?id=${roadmap}`,
    `/apps/meetings/advanced/${roadmap}`,
    `/apps/meetings/${roadmap}`,
    '/apps/booking',
    `/apps/chat?id=${chats.chats[0]!._id}`,
    `/chat?id=${chats.chats[0]!._id}`,
    '/pages/pricing',
    '/pages/faq',
    '/pages/knowledge-base',
    `/pages/knowledge-base/${category.category}`,
    `/pages/knowledge-base/${category.category}/${category.articles[0]!.slug}`,
    '/access-control',
  ];
});

it('visits every route of the router', () => {
  // The routes the features declare (`path: '/…'` in each routes.ts), and the router's own.
  const features = path.join(repoRoot, 'web/src/features');
  const files = [
    ...fs
      .readdirSync(features)
      .map((feature) => path.join(features, feature, 'routes.ts'))
      .filter((file) => fs.existsSync(file)),
    path.join(repoRoot, 'web/src/app/router.tsx'),
  ];
  const sources = files.map((file) => fs.readFileSync(file, 'utf8'));
  const routes = sources.flatMap((source) =>
    [...source.matchAll(/(?:path: |Route\()'(\/[^']*)'/g)].map((match) => match[1]!),
  );
  expect(routes.length).toBeGreaterThan(40);
  const visited = [...visits.anonymous, ...visits.client, ...visits.admin].map((url) => url.split('?')[0]!);
  const missing = routes.filter((route) => {
    if (route === '/') return false; // a redirect to the dashboard
    const pattern = new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`);
    return !visited.some((url) => pattern.test(url));
  });
  expect(missing).toEqual([]);
});

/** The page drawn: its heading there, no skeleton or spinner left, the fonts in. */
async function settled(page: Page, what: string) {
  await page
    .waitForFunction(
      () =>
        document.querySelector('h1, h2') !== null &&
        document.querySelector(
          '[aria-busy="true"], .mantine-Skeleton-root[data-visible], .mantine-Loader-root',
        ) === null,
      undefined,
      { timeout: 10_000 },
    )
    .catch((error: Error) => {
      throw new Error(`${what} was not drawn in 10 s (${page.url()}): ${error.message}`);
    });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function applySetting(page: Page, setting: Setting) {
  await page.evaluate(({ skin, rtl }) => {
    const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, skin, rtl }));
  }, setting);
}

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.evaluate(() => localStorage.removeItem('accessToken'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Opens each address and answers, for each page with violations, a line naming it. Each is loaded
 * anew: opened inside the app (history's popstate), a page could still show its predecessor when
 * axe looked.
 */
async function sweep(page: Page, setting: Setting, urls: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await settled(page, `${nameOf(setting)} ${url}`);
    const landed = new URL(page.url());
    expect(
      `${landed.pathname}${landed.search}`.startsWith(url.split('?')[0]!),
      `${url} → ${page.url()}`,
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(setting.rtl ? 'rtl' : 'ltr');
    const violations = await seriousViolations(page);
    if (violations.length > 0) failures.push(`${nameOf(setting)} ${url}:\n  ${violations.join('\n  ')}`);
  }
  return failures;
}

interface State {
  name: string;
  url: () => string;
  /** Brings the state about, and waits for it before axe looks. */
  reach?: (page: Page) => Promise<void>;
  phone?: boolean;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name }).waitFor();

/** The states the tests reach beyond a page as it opens: dialogs, a toast, a phone's width. */
const states: State[] = [
  {
    name: 'new card',
    url: () => `/apps/project/${ids.board}`,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Add an item to To do' }).click();
      await page.getByRole('textbox').first().waitFor();
    },
  },
  {
    name: 'card dialog',
    url: () => `/apps/project/${ids.board}`,
    reach: async (page) => {
      await page.getByTestId('board-item').filter({ hasText: 'Write the release notes' }).click();
      await dialog(page, 'Write the release notes');
    },
  },
  {
    name: 'new to-do',
    url: () => '/apps/todo',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Add task', exact: true }).click();
      await dialog(page, 'Add task');
    },
  },
  {
    name: 'new event',
    url: () => '/apps/calendar',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Add event' }).click();
      await dialog(page, 'Add event');
    },
  },
  {
    name: 'new goal',
    url: () => '/apps/objectifs',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Add goal' }).click();
      await dialog(page, 'Add goal');
    },
  },
  {
    name: 'confirm delete',
    url: () => '/apps/tags',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Delete the tag Marketing' }).click();
      await dialog(page, 'Delete tag');
    },
  },
  {
    name: 'keyboard shortcuts',
    url: () => '/dashboard/analytics',
    reach: async (page) => {
      await page.keyboard.press('?');
      await dialog(page, 'Keyboard shortcuts');
    },
  },
  {
    name: 'notifications open',
    url: () => '/dashboard/analytics',
    reach: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await dialog(page, 'Notifications');
    },
  },
  {
    name: 'customizer open',
    url: () => '/dashboard/analytics',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Open the layout customizer' }).click();
      await page.getByRole('radiogroup', { name: 'Skin' }).waitFor();
    },
  },
  {
    name: 'a toast',
    url: () => '/apps/todo',
    reach: async (page) => {
      await page.getByRole('textbox', { name: 'New task' }).fill('Water the plants');
      await page.getByRole('textbox', { name: 'New task' }).press('Enter');
      // Under the pointer a toast stays (Mantine pauses its closing) while axe looks.
      await page.getByText('Task added').hover();
    },
  },
  { name: 'phone calendar', url: () => '/apps/calendar', phone: true },
  { name: 'phone board', url: () => `/apps/project/${ids.board}`, phone: true },
];

describe.each(settings.map((setting) => [nameOf(setting), setting] as const))('%s', (name, setting) => {
  it('every page has no serious or critical violation', { timeout: 180_000 }, async () => {
    const { page } = await openPage(server.url, `axe-everywhere-${name}`);
    await page.goto('/login');
    await applySetting(page, setting);
    const failures = await sweep(page, setting, visits.anonymous);
    await signInAs(page, demoClient);
    failures.push(...(await sweep(page, setting, visits.client)));
    await page.evaluate(() => localStorage.clear());
    await applySetting(page, setting);
    await signInAs(page, demoAdmin);
    failures.push(...(await sweep(page, setting, visits.admin)));
    expect(failures).toEqual([]);
  });

  it('every state reached has no serious or critical violation', { timeout: 120_000 }, async () => {
    const { page } = await openPage(server.url, `axe-states-${name}`);
    await page.goto('/login');
    await applySetting(page, setting);
    await signInAs(page, demoAdmin);
    const failures: string[] = [];
    for (const state of states) {
      await page.setViewportSize(state.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      await page.goto(state.url());
      await settled(page, `${name} ${state.name}`);
      await state.reach?.(page).catch((error: Error) => {
        throw new Error(`${name} ${state.name} was not reached: ${error.message}`);
      });
      if (state.phone) {
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          state.name,
        ).toBeLessThanOrEqual(390);
      }
      const violations = await seriousViolations(page);
      if (violations.length > 0) failures.push(`${name} ${state.name}:\n  ${violations.join('\n  ')}`);
    }
    expect(failures).toEqual([]);
  });
});
