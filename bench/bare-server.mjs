// The ceiling the board read is compared with: a bare Fastify route that sends the very bytes the
// app sent, from memory — as they are, or the app's brotli bytes when the request accepts br.
// Usage: node bare-server.mjs <json-file> <br-file> <port>
import fs from 'node:fs';
import Fastify from 'fastify';

const [jsonFile, brFile, port] = process.argv.slice(2);
const json = fs.readFileSync(jsonFile);
const br = fs.readFileSync(brFile);
const app = Fastify({ logger: false });
app.get('/board', (request, reply) => {
  reply.type('application/json; charset=utf-8');
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) reply.header('content-encoding', 'br');
  return reply.send(reply.getHeader('content-encoding') ? br : json);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
