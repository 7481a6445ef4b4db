// The ceiling a read is compared with: a bare Fastify route that sends the very bytes the app
// sent, from memory — as they are, or the app's brotli bytes when the request accepts br.
// Usage: node bare-server.mjs <port> <path> <json-file> <br-file> [<path> <json-file> <br-file>]…
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, ...args] = process.argv.slice(2);
const routes = [];
for (let i = 0; i + 2 < args.length; i += 3) routes.push([args[i], args[i + 1], args[i + 2]]);
const app = Fastify({ logger: false });
for (const [route, jsonFile, brFile] of routes) {
  const json = fs.readFileSync(jsonFile);
  const br = fs.readFileSync(brFile);
  app.get(route, (request, reply) => {
    reply.type('application/json; charset=utf-8');
    if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) reply.header('content-encoding', 'br');
    return reply.send(reply.getHeader('content-encoding') ? br : json);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
