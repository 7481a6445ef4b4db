/**
 * What the benchmarks read of a server process they started: CPU time and RSS from /proc, and the
 * JavaScript heap after a full GC through its inspector (live-fanout.ts, soak.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';

/** The process's CPU time (user + system), in ms: /proc/<pid>/stat counts it in 1/100 s. */
export function cpuMs(pid: number | 'self'): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/**
 * A DevTools-protocol session with the server's inspector (the server runs with
 * `--inspect=127.0.0.1:0`), over the least of a WebSocket client: masked text frames out, text
 * frames in, one answer per call. Node 20 has no WebSocket without a flag.
 */
export async function inspectorSession(webSocketUrl: string) {
  const url = new URL(webSocketUrl);
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
      },
    });
    request.on('upgrade', (_response, upgraded: net.Socket, head: Buffer) => {
      if (head.length > 0) upgraded.unshift(head);
      resolve(upgraded);
    });
    request.on('response', (response) => reject(new Error(`the inspector answered ${response.statusCode}`)));
    request.on('error', reject);
    request.end();
  });
  type Answer = { id: number; result?: unknown; error?: { message: string } };
  const waiting = new Map<number, (answer: Answer) => void>();
  let buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (buffer.length >= 2) {
      let length = buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const text = (buffer[0]! & 0x0f) === 1 ? buffer.toString('utf8', offset, offset + length) : '';
      buffer = buffer.subarray(offset + length);
      if (!text) continue;
      const answer = JSON.parse(text) as Answer;
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    }
  });
  let lastId = 0;
  const send = <T>(method: string) =>
    new Promise<T>((resolve, reject) => {
      const id = (lastId += 1);
      waiting.set(id, (answer) =>
        answer.error ? reject(new Error(`${method}: ${answer.error.message}`)) : resolve(answer.result as T),
      );
      const payload = Buffer.from(JSON.stringify({ id, method }));
      if (payload.length >= 126) throw new Error(`${method}: a call too long for this client`);
      const mask = randomBytes(4);
      socket.write(
        Buffer.concat([
          Buffer.from([0x81, 0x80 | payload.length]),
          mask,
          payload.map((byte, i) => byte ^ mask[i % 4]!),
        ]),
      );
    });
  return { send, close: () => socket.destroy() };
}

/**
 * The server's memory once its garbage is collected (a full GC through its inspector, twice, as
 * DevTools' "collect garbage" does): RSS, and the JavaScript heap in use. Without the GC the RSS
 * between two runs moved by ±10 MB (a young generation grown or not by the openings' garbage).
 */
export async function collectedMemory(pid: number, webSocketUrl: string, settleMs = 0) {
  const session = await inspectorSession(webSocketUrl);
  try {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
    const { usedSize } = await session.send<{ usedSize: number }>('Runtime.getHeapUsage');
    return { rssKb: rssKb(pid), heapKb: usedSize / 1024 };
  } finally {
    session.close();
  }
}
