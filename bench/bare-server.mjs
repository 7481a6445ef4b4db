// A bare Fastify route that answers the same board JSON from memory: the ceiling the board read
// is compared with. Usage: node bare-server.mjs <json-file> <port>
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const board = JSON.parse(fs.readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
app.get('/board', () => board);
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
