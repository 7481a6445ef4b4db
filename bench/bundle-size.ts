/**
 * The JavaScript of a first visit to /login, as Chromium loads it from the built server: every
 * script response (the entry, its module preloads, and every chunk reached through dynamic
 * imports), counted until the sign-in form is shown and the network is quiet. Prints each file,
 * its raw size, its size at gzip -9 (the budget's measure, independent of the server's
 * settings), and the bytes that crossed the wire with their Content-Encoding. Budget: 150 KB of
 * gzip -9 — the run fails above it. Run `npm run build` first.
 */
import { gzipSync } from 'node:zlib';
import { launchChromium, printTable, startInstance } from './harness';

const LOGIN_BUDGET_KB = 150;

const server = await startInstance({}, 'bench-bundle');
const browser = await launchChromium();

interface Row {
  file: string;
  encoding: string;
  'raw KB': number;
  'gzip -9 KB': number;
  'transferred KB': number;
}

try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<Row | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          file: new URL(response.url()).pathname,
          encoding: (await response.headerValue('content-encoding')) ?? 'none',
          'raw KB': body.length / 1024,
          'gzip -9 KB': gzipSync(body, { level: 9 }).length / 1024,
          'transferred KB': (sizes.responseBodySize + sizes.responseHeadersSize) / 1024,
        };
      })().catch(() => undefined),
    );
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const rows = (await Promise.all(pending)).filter((row): row is Row => row !== undefined);
  rows.sort((a, b) => b['gzip -9 KB'] - a['gzip -9 KB']);
  const total = (key: keyof Omit<Row, 'file' | 'encoding'>) => rows.reduce((sum, row) => sum + row[key], 0);
  const round = (n: number) => Number(n.toFixed(1));
  printTable(
    `JavaScript of a first visit to /login, as Chromium loaded it (${rows.length} files)`,
    rows.map((row) => ({
      ...row,
      'raw KB': round(row['raw KB']),
      'gzip -9 KB': round(row['gzip -9 KB']),
      'transferred KB': round(row['transferred KB']),
    })),
  );
  const encodings = [...new Set(rows.map((row) => row.encoding))].join(', ');
  const gzipKb = total('gzip -9 KB');
  console.log(
    `JS loaded by /login: ${rows.length} files, ${round(total('raw KB'))} KB raw, ${round(gzipKb)} KB gzip -9 (budget ${LOGIN_BUDGET_KB} KB), ${round(total('transferred KB'))} KB transferred (Content-Encoding: ${encodings})`,
  );
  if (gzipKb > LOGIN_BUDGET_KB) {
    console.error(`/login loads more than ${LOGIN_BUDGET_KB} KB of JavaScript (gzip -9).`);
    process.exitCode = 1;
  }
  if (rows.some((row) => row.encoding === 'none')) {
    console.error('Some scripts arrived uncompressed.');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
