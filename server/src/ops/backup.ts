/**
 * Backups: every table of the database as gzipped JSON lines, readable by either
 * engine, so that a SQLite instance's backup restores into PostgreSQL and back.
 *
 * The file: a header line `{format, engine, migrations, createdAt, tables}`, then one line per
 * chunk of rows `{table, rows}`, then a trailer `{trailer: {rows, lines, sha256}}`: each table's
 * row count and the SHA-256 of every line before it, so that a file cut short (even at a line
 * break, even to its header alone) or changed is known before anything is touched. Values are written as the engine reads them, normalised where the
 * engines differ: binary as `{"$base64": …}`, JSON columns as their text, booleans as they come
 * (SQLite's 0/1 or true/false; the restore writes each as its target column wants).
 *
 * A backup reads inside one transaction (a consistent snapshot on PostgreSQL; on SQLite the one
 * connection writes nothing meanwhile). A restore needs the same migrations as the backup (restore
 * with the version that wrote it, then upgrade), reads the whole file and checks it against its
 * trailer first, refuses a database that holds rows unless told to replace them, then empties
 * every table and writes the rows in the order of their foreign keys, in one transaction: it is
 * all or nothing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createGunzip, createGzip } from 'node:zlib';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../db';
import { transaction } from '../db/transaction';

export const BACKUP_FORMAT = 'cadence-backup/2';
const CHUNK = 1000;
/** Kysely's own tables: the target's migrations are its own. */
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock']);

interface Header {
  format: string;
  engine: string;
  migrations: string[];
  createdAt: string;
  tables: string[];
}

interface Trailer {
  rows: Record<string, number>;
  /** The lines before the trailer, the header included. */
  lines: number;
  sha256: string;
}

type Row = Record<string, unknown>;

/** The application's tables and their columns' types, as the engine declares them. */
async function tablesOf(handle: DatabaseHandle): Promise<Map<string, Map<string, string>>> {
  const tables = await handle.db.introspection.getTables();
  return new Map(
    tables
      .filter((table) => !SKIPPED.has(table.name))
      .map((table) => [table.name, new Map(table.columns.map((column) => [column.name, column.dataType]))]),
  );
}

/** Parent tables before the tables that refer to them. */
async function foreignKeyOrder(handle: DatabaseHandle, names: string[]): Promise<string[]> {
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  if (handle.engineName === 'postgres') {
    const { rows } = await sql<{ child: string; parent: string }>`
      select tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(handle.db);
    for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  } else {
    for (const name of names) {
      const { rows } = await sql<{
        table: string;
      }>`select "table" from pragma_foreign_key_list(${name})`.execute(handle.db);
      for (const { table } of rows) if (table !== name) parents.get(name)?.add(table);
    }
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) if (parents.has(parent)) visit(parent, path);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return ordered;
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

function toFile(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
  if (value !== null && typeof value === 'object') return JSON.stringify(value); // PostgreSQL's jsonb
  return value;
}

function fromFile(value: unknown, type: string, engine: string): unknown {
  if (value !== null && typeof value === 'object' && '$base64' in value) {
    return Buffer.from(String((value as { $base64: string }).$base64), 'base64');
  }
  if (engine === 'postgres') {
    if (type === 'bool') return value === null ? null : value === true || value === 1 || value === '1';
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Writes the database to `file` (gzipped JSON lines); answers the tables and rows written. */
export async function backup(
  handle: DatabaseHandle,
  file: string,
): Promise<{ tables: number; rows: number }> {
  const columns = await tablesOf(handle);
  const names = await foreignKeyOrder(handle, [...columns.keys()]);
  let rows = 0;
  const lines = async function* () {
    const snapshot = await transaction(handle.db, async (trx) => {
      if (handle.engineName === 'postgres') {
        await sql`set transaction isolation level repeatable read, read only`.execute(trx);
      }
      const header: Header = {
        format: BACKUP_FORMAT,
        engine: handle.engineName,
        migrations: await appliedMigrations(trx),
        createdAt: new Date().toISOString(),
        tables: names,
      };
      const out: string[] = [JSON.stringify(header)];
      const counts: Record<string, number> = {};
      for (const table of names) {
        // By id where there is one, so that a row referring to an earlier row of its table follows it.
        const byId = columns.get(table)!.has('id') ? sql`order by id` : sql``;
        const all = (await sql<Row>`select * from ${sql.table(table)} ${byId}`.execute(trx)).rows;
        rows += all.length;
        counts[table] = all.length;
        for (let index = 0; index < all.length; index += CHUNK) {
          const chunk = all
            .slice(index, index + CHUNK)
            .map((row) =>
              Object.fromEntries(Object.entries(row).map(([key, value]) => [key, toFile(value)])),
            );
          out.push(JSON.stringify({ table, rows: chunk }));
        }
      }
      const digest = createHash('sha256');
      for (const line of out) digest.update(`${line}\n`);
      const trailer: Trailer = { rows: counts, lines: out.length, sha256: digest.digest('hex') };
      out.push(JSON.stringify({ trailer }));
      return out;
    });
    for (const line of snapshot) yield `${line}\n`;
  };
  await pipeline(Readable.from(lines()), createGzip(), fs.createWriteStream(file));
  return { tables: names.length, rows };
}

export class BackupError extends Error {}

/** The file's lines, unzipped; a file that is not gzip, or is cut inside its gzip, is refused. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const unzipped = fs.createReadStream(file).pipe(createGunzip());
  const input = readline.createInterface({ input: unzipped, crlfDelay: Infinity });
  try {
    for await (const line of input) yield line;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${file} is not a whole gzipped Cadence backup (${reason.slice(0, 120)})`);
  }
}

/** A line's JSON, or a refusal naming the line (never the line itself: it may be a megabyte). */
function parsed<T>(file: string, line: string, number: number): T {
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new BackupError(`${file} is damaged: line ${number} is not JSON`);
  }
}

/**
 * Reads the whole file and checks it against its trailer: the header's format, every line JSON,
 * each table's rows counted, the digest of the lines. Answers the header; refuses a file that is
 * cut, changed or of another format, in one line.
 */
export async function verifyBackup(file: string): Promise<{ header: Header; rows: number }> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  const digest = createHash('sha256');
  const counts: Record<string, number> = {};
  let header: Header | undefined;
  let trailer: Trailer | undefined;
  let number = 0;
  let linesBefore = 0;
  for await (const line of linesOf(file)) {
    number += 1;
    if (trailer) {
      if (line.trim() === '') continue;
      throw new BackupError(`${file} is damaged: it goes on after its check line`);
    }
    const value = parsed<Record<string, unknown> | null>(file, line, number);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new BackupError(`${file} is damaged: line ${number} is not a backup's line`);
    }
    if (number === 1) {
      header = value as unknown as Header;
      if (header.format !== BACKUP_FORMAT) {
        throw new BackupError(
          `${file} is not a backup this version reads (${String(header.format).slice(0, 40)}): restore it with the version that wrote it`,
        );
      }
      if (!Array.isArray(header.tables) || !Array.isArray(header.migrations)) {
        throw new BackupError(`${file} is damaged: its first line is not a backup's header`);
      }
    } else if ('trailer' in value) {
      trailer = value.trailer as Trailer;
      linesBefore = number - 1;
      continue;
    } else {
      const { table, rows } = value as { table?: unknown; rows?: unknown };
      if (typeof table !== 'string' || !header!.tables.includes(table) || !Array.isArray(rows)) {
        throw new BackupError(`${file} is damaged: line ${number} is not a table's rows`);
      }
      counts[table] = (counts[table] ?? 0) + rows.length;
    }
    digest.update(`${line}\n`);
  }
  if (!header) throw new BackupError(`${file} is empty`);
  if (!trailer) {
    throw new BackupError(`${file} is cut short: it ends before its check line (${number} lines read)`);
  }
  const told = (typeof trailer === 'object' && trailer?.rows) || {};
  const sameCounts = header.tables.every((table) => (counts[table] ?? 0) === (told[table] ?? 0));
  if (trailer?.lines !== linesBefore || !sameCounts || trailer?.sha256 !== digest.digest('hex')) {
    throw new BackupError(`${file} is damaged or was changed: its contents do not match its check line`);
  }
  return { header, rows: Object.values(counts).reduce((sum, count) => sum + count, 0) };
}

/** Whether any application table holds a row. */
async function holdsRows(db: Db, tables: Iterable<string>): Promise<boolean> {
  for (const table of tables) {
    const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length > 0) return true;
  }
  return false;
}

/**
 * Replaces every row of the database with the file's, in one transaction, once the whole file is
 * checked. The database must be migrated to exactly the backup's migrations, and hold no row
 * unless `replace`.
 */
export async function restore(
  handle: DatabaseHandle,
  file: string,
  options: { replace?: boolean } = {},
): Promise<{ tables: number; rows: number }> {
  const { header } = await verifyBackup(file);
  const applied = await appliedMigrations(handle.db);
  if (JSON.stringify(applied) !== JSON.stringify(header.migrations)) {
    throw new BackupError(
      `the backup was written at migration ${header.migrations.at(-1)}, this version is at ${applied.at(-1)}: restore with the version that wrote it, then upgrade`,
    );
  }
  const columns = await tablesOf(handle);
  const missing = header.tables.filter((table) => !columns.has(table));
  if (missing.length > 0) throw new BackupError(`tables unknown here: ${missing.join(', ')}`);
  if (!options.replace && (await holdsRows(handle.db, columns.keys()))) {
    throw new BackupError(
      'the database already holds data: restore into an empty one, or add --replace to replace it all',
    );
  }
  const order = await foreignKeyOrder(handle, [...columns.keys()]);
  let rows = 0;
  try {
    await transaction(handle.db, async (trx) => {
      for (const table of [...order].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
      // The file lists parents first (its writer's order), as the inserts need.
      let number = 0;
      for await (const line of linesOf(file)) {
        number += 1;
        if (number === 1 || !line.trim()) continue;
        const value = parsed<{ table?: string; rows?: Row[]; trailer?: unknown }>(file, line, number);
        if (value.trailer) break;
        const table = value.table!;
        const types = columns.get(table)!;
        const values = value.rows!.map((row) =>
          Object.fromEntries(
            Object.entries(row)
              .filter(([key]) => types.has(key))
              .map(([key, cell]) => [key, fromFile(cell, types.get(key)!, handle.engineName)]),
          ),
        );
        if (values.length === 0) continue;
        await (trx as unknown as Db)
          .insertInto(table as never)
          .values(values)
          .execute();
        rows += values.length;
      }
      if (handle.engineName === 'postgres') {
        // Identity columns go on from the highest id restored.
        for (const table of order) {
          if (!columns.get(table)!.has('id')) continue;
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)
                    where pg_get_serial_sequence(${table}, 'id') is not null`.execute(trx);
        }
      }
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // The database's own refusal (a constraint): one line, nothing changed (rolled back).
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `the restore was refused by the database, nothing changed: ${reason.slice(0, 200)}`,
    );
  }
  return { tables: header.tables.length, rows };
}
