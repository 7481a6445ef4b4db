// Creates or drops a PostgreSQL database for one CI run: node scripts/pg-database.mjs create|drop NAME
// The server to use is PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test).
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: node scripts/pg-database.mjs create|drop name_in_lower_case');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
});
await client.connect();
try {
  await client.query(
    action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`,
  );
} finally {
  await client.end();
}
