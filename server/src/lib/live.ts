/**
 * Live updates (D38): who is connected to this instance's `GET /api/live` streams, and how an
 * event reaches them wherever it was made. With `REDIS_URL` every instance publishes to one Redis
 * channel and delivers what it hears to its own streams; without it, events stay in the process.
 *
 * An event is serialised once, as a server-sent-events frame, by the instance that publishes it;
 * each stream only writes the frame. Services publish after their transaction commits, so a
 * client that refetches on an event reads the change.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type LiveEvent =
  | { type: 'board'; data: { boardId: string; version: number } }
  | { type: 'request'; data: { kind: 'friend' | 'meeting' } }
  | { type: 'notification'; data: Record<string, never> }
  | { type: 'chat'; data: { chatId: string; messageId?: string; read?: boolean } }
  | { type: 'presence'; data: { userId: string; online: boolean; lastSeenAt: string | null } };

/** One open stream: writes an SSE frame, or ends the response. */
export interface LiveSink {
  write(frame: string): void;
  end(): void;
}

export interface LiveOptions {
  redisUrl?: string;
  /** Prefixes the channel and the presence keys, so that several apps may share one Redis. */
  prefix: string;
  /** How often each stream gets a comment line, and presence is refreshed in Redis. */
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/** Called when a user's first stream opens on this instance, or their last one closes. */
export type PresenceListener = (userId: number, online: boolean) => void;

/** The address without its password, for messages. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured address';
  }
}

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

interface Wire {
  /** Recipients' ids. */
  u: number[];
  /** The frame to write. */
  f: string;
}

export class LiveHub {
  private readonly streams = new Map<number, Set<LiveSink>>();
  private readonly instance = randomUUID();
  private readonly channel: string;
  private readonly publisher?: Redis;
  private readonly subscriber?: Redis;
  private readonly heartbeat: NodeJS.Timeout;
  private presenceListener?: PresenceListener;
  private closed = false;

  constructor(private readonly options: LiveOptions) {
    this.channel = `${options.prefix}live`;
    if (options.redisUrl) {
      this.publisher = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
      this.subscriber = this.publisher.duplicate();
      for (const client of [this.publisher, this.subscriber]) {
        client.on('error', (error: Error) => options.log.warn({ err: error }, 'redis: %s', error.message));
      }
      this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
      void this.subscriber.subscribe(this.channel).catch((error: unknown) => {
        options.log.error({ err: error }, 'redis: could not subscribe to the live channel');
      });
    }
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** The Redis connection for commands (rate limits), when there is one. */
  get redis(): Redis | undefined {
    return this.publisher;
  }

  /**
   * Resolves once Redis is subscribed (at once without it), so that events published after are
   * heard; a Redis that cannot be reached within `timeoutMs` stops the start with its address.
   */
  async ready(timeoutMs = 10_000): Promise<void> {
    const subscriber = this.subscriber;
    if (!subscriber) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`nothing within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      // A subscription issued before the connection is sent once connected; this waits for it.
      await Promise.race([subscriber.subscribe(this.channel), timeout]);
    } catch (error) {
      subscriber.disconnect();
      this.publisher?.disconnect();
      clearInterval(this.heartbeat);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`REDIS_URL: no answer from ${redactedUrl(this.options.redisUrl!)} (${reason})`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  onPresence(listener: PresenceListener): void {
    this.presenceListener = listener;
  }

  /** Sends `event` to every stream of every user in `userIds`, on every instance. */
  publish(userIds: Iterable<number>, event: LiveEvent): void {
    const recipients = [...new Set(userIds)];
    if (recipients.length === 0 || this.closed) return;
    const wire: Wire = { u: recipients, f: sseFrame(event.type, event.data) };
    if (this.publisher) {
      this.publisher.publish(this.channel, JSON.stringify(wire)).catch((error: unknown) => {
        this.options.log.warn({ err: error, event: event.type }, 'redis: a live event was not published');
      });
    } else {
      // After the current I/O turn, so that the writer's answer leaves before the fan-out.
      setImmediate(() => this.deliver(wire));
    }
  }

  /** Opens a stream for `userId`; the returned function closes it. */
  attach(userId: number, sink: LiveSink): () => void {
    let sinks = this.streams.get(userId);
    const first = !sinks;
    if (!sinks) {
      sinks = new Set();
      this.streams.set(userId, sinks);
    }
    sinks.add(sink);
    if (first) {
      this.markPresent([userId]);
      this.presenceListener?.(userId, true);
    }
    return () => {
      const current = this.streams.get(userId);
      if (!current?.delete(sink) || current.size > 0 || this.closed) return;
      this.streams.delete(userId);
      void this.markAbsent(userId).then(() => this.presenceListener?.(userId, false));
    };
  }

  /** Streams open on this instance. */
  get connections(): number {
    let count = 0;
    for (const sinks of this.streams.values()) count += sinks.size;
    return count;
  }

  /** Which of `userIds` have a stream open now, on any instance. */
  async online(userIds: number[]): Promise<Set<number>> {
    const result = new Set<number>();
    if (!this.publisher) {
      for (const id of userIds) if (this.streams.has(id)) result.add(id);
      return result;
    }
    if (userIds.length === 0) return result;
    const pipeline = this.publisher.pipeline();
    for (const id of userIds) pipeline.hvals(this.presenceKey(id));
    const answers = (await pipeline.exec()) ?? [];
    const now = Date.now();
    answers.forEach(([error, values], index) => {
      if (error) return;
      if ((values as string[]).some((until) => Number(until) > now)) result.add(userIds[index]!);
    });
    return result;
  }

  /** Ends every stream (the process is stopping) and closes Redis. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const sinks of this.streams.values()) for (const sink of sinks) sink.end();
    const users = [...this.streams.keys()];
    this.streams.clear();
    if (this.publisher && users.length > 0) {
      const pipeline = this.publisher.pipeline();
      for (const id of users) pipeline.hdel(this.presenceKey(id), this.instance);
      await pipeline.exec().catch(() => undefined);
    }
    this.subscriber?.disconnect();
    await this.publisher?.quit().catch(() => undefined);
  }

  private receive(message: string): void {
    try {
      this.deliver(JSON.parse(message) as Wire);
    } catch (error) {
      this.options.log.warn({ err: error }, 'live: an unreadable message on the channel');
    }
  }

  private deliver(wire: Wire): void {
    for (const userId of wire.u) {
      const sinks = this.streams.get(userId);
      if (sinks) for (const sink of sinks) sink.write(wire.f);
    }
  }

  private beat(): void {
    for (const sinks of this.streams.values()) for (const sink of sinks) sink.write(': ping\n\n');
    this.markPresent([...this.streams.keys()]);
  }

  private presenceKey(userId: number): string {
    return `${this.options.prefix}presence:${userId}`;
  }

  /** Presence entries outlive three missed heartbeats, so a crashed instance's users go offline. */
  private markPresent(userIds: number[]): void {
    if (!this.publisher || userIds.length === 0) return;
    const until = String(Date.now() + this.options.heartbeatMs * 3);
    const ttlSeconds = Math.ceil((this.options.heartbeatMs * 3) / 1000);
    const pipeline = this.publisher.pipeline();
    for (const id of userIds) {
      pipeline.hset(this.presenceKey(id), this.instance, until);
      pipeline.expire(this.presenceKey(id), ttlSeconds);
    }
    pipeline
      .exec()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'redis: presence not kept'));
  }

  private async markAbsent(userId: number): Promise<void> {
    if (!this.publisher) return;
    await this.publisher.hdel(this.presenceKey(userId), this.instance).catch(() => undefined);
  }
}
