/**
 * The operator's commands, with the server's configuration (DATABASE_URL or DATA_DIR):
 *
 *   npm run backup [-- FILE]   writes the database to FILE (default: DATA_DIR/backups/cadence-<time>.jsonl.gz)
 *   npm run restore -- FILE [--replace]
 *                              checks FILE whole, then writes its rows into an empty database (stop
 *                              the server first); --replace replaces a database that holds data
 *   npm run undelivered        lists the mails the outbox gave up on
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db';
import { backup, BackupError, restore } from './ops/backup';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const replace = rest.includes('--replace');
  const file = rest.find((argument) => !argument.startsWith('--'));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle);
    if (command === 'backup') {
      const target =
        file ??
        path.join(
          config.DATA_DIR,
          'backups',
          `cadence-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`,
        );
      (await import('node:fs')).mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
      const { tables, rows } = await backup(handle, target);
      console.log(`backed up ${rows} rows of ${tables} tables (${handle.engineName}) to ${target}`);
      return 0;
    }
    if (command === 'restore') {
      if (!file) {
        console.error('usage: npm run restore -- FILE [--replace]');
        return 2;
      }
      const { tables, rows } = await restore(handle, path.resolve(file), { replace });
      console.log(`restored ${rows} rows of ${tables} tables (${handle.engineName}) from ${file}`);
      return 0;
    }
    if (command === 'undelivered') {
      const rows = await handle.db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'attempts', 'last_error', 'created_at'])
        .where('state', '=', 'failed')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      for (const row of rows) {
        console.log(
          `${row.created_at}  #${row.id}  ${row.to_address}  “${row.subject}”  ${row.attempts} attempts: ${row.last_error ?? ''}`,
        );
      }
      console.log(`${rows.length} mail(s) not delivered`);
      return 0;
    }
    console.error('usage: cli.js backup [FILE] | restore FILE [--replace] | undelivered');
    return 2;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
