/**
 * Live updates (D38): who is connected to this instance's `GET /api/live` streams, and how an
 * event reaches them wherever it was made. An event is delivered to this instance's own streams
 * at once, in the process, whether or not Redis is there; with `REDIS_URL` it is also published on
 * one Redis channel, and every other instance delivers what it hears to its own streams (each
 * skips its own messages, by instance id).
 *
 * An event is serialised once, as a server-sent-events frame, by the instance that publishes it;
 * each stream only writes the frame. Services publish after their transaction commits, so a
 * client that refetches on an event reads the change.
 *
 * Redis never slows a write: `publish` returns at once, and what goes to Redis waits in a bounded
 * queue while Redis is away (the oldest dropped first, and counted). When the subscription comes
 * back after a drop, every stream here gets `resync` (the client refetches what it shows), since
 * the other instances' events of the meantime were not heard.
 *
 * Streams know their session (the access token's refresh-token family): `closeSessions` ends the
 * streams of revoked sessions on every instance, with `expired`. The same message, and
 * `usersChanged` (a user's row changed), tell each instance's `onInvalidation` listener — the cache
 * of signed-in users (session-cache.ts) — what to forget; so does a drop of the subscription, when
 * what was said meanwhile was not heard (`invalidationsHeard` is false until it is back). The
 * answer that caused an invalidation leaves once every other instance has applied it
 * (`invalidationsSent`, waited in app.ts): each acknowledges it on the channel, and PUBLISH's
 * count of receivers says how many to wait for. Redis having written the message to an instance's
 * connection is not enough: that instance may read the client's next request first. Only a
 * revocation or a change of a user waits, for about two Redis round trips.
 *
 * What an event may be is the contract's (`contract/src/live.ts`), which the web app parses.
 */
import { randomUUID } from 'node:crypto';
import type { LiveEvent, LiveStreamEvent, LiveStreamEventType } from '@cadence/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

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
  /** Messages kept for Redis while it is away; beyond, the oldest is dropped. 1,000 by default. */
  queueLimit?: number;
}

/** What the hub can tell an operator (metrics, logs, tests). */
export interface LiveStats {
  /** Streams open on this instance. */
  streams: number;
  /** `off` without REDIS_URL; `up` while both connections are ready; `down` otherwise. */
  redis: 'off' | 'up' | 'down';
  /** Messages waiting for Redis. */
  queued: number;
  /** Messages dropped from a full queue since the start. */
  dropped: number;
  /** Times the subscription came back after a drop (each sent `resync` to every stream). */
  resyncs: number;
}

/** Called when a user's first stream opens on this instance, or their last one closes. */
export type PresenceListener = (userId: number, online: boolean) => void;

/** What cached knowledge of signed-in users must be forgotten: sessions, users, or all of it. */
export type Invalidation = { sessions: string[] } | { users: number[] } | { everything: true };
export type InvalidationListener = (change: Invalidation) => void;

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

/**
 * One event as a server-sent-events frame. Typed by the contract's union, not checked at run time:
 * every publish goes through here, and the server's tests parse what the streams receive.
 */
export function sseFrame<T extends LiveStreamEventType>(
  event: T,
  data: Extract<LiveStreamEvent, { type: T }>['data'],
): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const EXPIRED = sseFrame('expired', {});
const RESYNC = sseFrame('resync', {});

/** A message on the channel. */
interface Wire {
  /** The publishing instance, which delivered to its own streams already. */
  i: string;
  /** Recipients' ids, with `f`. */
  u?: number[];
  /** The frame to write to their streams. */
  f?: string;
  /** Sessions whose streams end (with `expired`). */
  s?: string[];
  /** Users whose row changed (cached copies are forgotten). */
  c?: number[];
  /** An invalidation's number, by its sender: each other instance acknowledges it once applied. */
  n?: number;
  /** An acknowledgement: the number of the invalidation applied, for the instance `to`. */
  a?: number;
  to?: string;
}

/** A message waiting for Redis; an invalidation is counted until Redis has taken it. */
interface Outgoing {
  text: string;
  /** The invalidation's number, for an invalidation. */
  invalidation?: number;
}

/** An invalidation sent: Redis has or has not yet taken it, and how many instances applied it. */
interface Unacknowledged {
  /** The other instances that received it (known once PUBLISH answers). */
  receivers?: number;
  acknowledged: number;
  /** Given up on an instance that never acknowledges (hung or gone). */
  timer?: NodeJS.Timeout;
}

/** How long an invalidation waits for the other instances to acknowledge it. */
const ACK_TIMEOUT_MS = 1000;

interface Stream {
  userId: number;
  sink: LiveSink;
  sessionId?: string;
}

/** Reconnect soon and steadily: an outage is noticed at once, and its end within a second. */
const retryStrategy = (attempt: number) => Math.min(100 * attempt, 1000);

export class LiveHub {
  private readonly streams = new Map<number, Set<Stream>>();
  private readonly sessions = new Map<string, Set<Stream>>();
  private readonly instance = randomUUID();
  private readonly channel: string;
  private readonly publisher?: Redis;
  private readonly subscriber?: Redis;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly queueLimit: number;
  /** Messages for Redis, oldest first. */
  private queue: Outgoing[] = [];
  /**
   * Invalidations (`closeSessions`, `usersChanged`) not yet applied by every other instance: by
   * number, from their sending to the last acknowledgement (or the timeout).
   */
  private readonly awaited = new Map<number, Unacknowledged>();
  private invalidations = 0;
  private unheardWaiters: (() => void)[] = [];
  private dropped = 0;
  /** Dropped since Redis went away, for one line when it is back. */
  private droppedNow = 0;
  private resyncs = 0;
  /** Publishes in flight. */
  private sending = 0;
  /** The channel is subscribed; false from a drop of the subscriber until it is subscribed again. */
  private subscribed = false;
  private lost = false;
  private presenceListener?: PresenceListener;
  private readonly invalidationListeners: InvalidationListener[] = [];
  /** The process is stopping: streams were ended, and new ones end at once. */
  private stopping?: { retryMs: number };
  private closed = false;

  constructor(private readonly options: LiveOptions) {
    this.channel = `${options.prefix}live`;
    this.queueLimit = options.queueLimit ?? 1000;
    if (options.redisUrl) {
      // Commands (publish, presence, rate limits) never wait for a connection: without one they
      // fail at once (the callers fall back), and one cut in flight fails at the cut.
      const commands: RedisOptions = {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 1000,
        retryStrategy,
      };
      this.publisher = new Redis(options.redisUrl, commands);
      // The subscription is kept by the client across reconnections (and re-issued by `resubscribe`).
      this.subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null, retryStrategy });
      for (const client of [this.publisher, this.subscriber]) {
        // One line per outage and connection, not one per attempt to reconnect.
        let told = false;
        client.on('ready', () => (told = false));
        client.on('error', (error: Error) => {
          if (told) return;
          told = true;
          options.log.warn({ err: error }, 'redis: %s', error.message);
        });
      }
      this.publisher.on('ready', () => {
        if (this.droppedNow > 0) {
          options.log.warn({ dropped: this.droppedNow }, 'live: events were dropped while Redis was away');
          this.droppedNow = 0;
        }
        this.flush();
        // A Redis that restarted has lost the presence entries.
        this.markPresent([...this.streams.keys()]);
      });
      this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
      this.subscriber.on('close', () => {
        if (!this.subscribed || this.closed) return;
        this.subscribed = false;
        this.lost = true;
        this.invalidate({ everything: true });
        options.log.warn('live: the Redis subscription dropped; this instance hears only itself');
      });
      this.subscriber.on('ready', () => {
        if (this.lost) void this.resubscribe();
      });
      this.subscriber.subscribe(this.channel).then(
        () => {
          if (!this.lost) this.subscribed = true;
        },
        (error: unknown) =>
          options.log.error({ err: error }, 'redis: could not subscribe to the live channel'),
      );
    }
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** The Redis connection for commands (rate limits), when there is one. */
  get redis(): Redis | undefined {
    return this.publisher;
  }

  /**
   * Resolves once Redis is subscribed and takes commands (at once without it), so that events
   * published after are heard; a Redis that cannot be reached within `timeoutMs` stops the start
   * with its address.
   */
  async ready(timeoutMs = 10_000): Promise<void> {
    const { subscriber, publisher } = this;
    if (!subscriber || !publisher) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`nothing within ${timeoutMs} ms`)), timeoutMs);
    });
    const commandsReady =
      publisher.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => publisher.once('ready', () => resolve()));
    try {
      // A subscription issued before the connection is sent once connected; this waits for it.
      await Promise.race([Promise.all([subscriber.subscribe(this.channel), commandsReady]), timeout]);
      if (!this.lost) this.subscribed = true;
    } catch (error) {
      this.closed = true;
      subscriber.disconnect();
      publisher.disconnect();
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

  /** `listener` hears every session ended and user changed, on any instance (see the top). */
  onInvalidation(listener: InvalidationListener): void {
    this.invalidationListeners.push(listener);
  }

  /**
   * Whether every instance's `closeSessions` and `usersChanged` reach this one: always without
   * Redis (one process); with it, while the channel is subscribed and commands go through.
   */
  get invalidationsHeard(): boolean {
    return !this.publisher || (this.subscribed && this.publisher.status === 'ready');
  }

  /**
   * Tells every instance that the rows of `userIds` changed (a name, a language, a zone…), so that
   * none answers from a copy read before. Returns at once; call it after the change commits.
   */
  usersChanged(userIds: number[]): void {
    const ids = [...new Set(userIds)];
    if (ids.length === 0 || this.closed) return;
    this.invalidate({ users: ids });
    this.send({ i: this.instance, c: ids }, true);
  }

  /**
   * Sends `event` to every stream of every user in `userIds`, on every instance. Returns at once:
   * this instance's streams get it right after the current I/O turn (so that the writer's answer
   * leaves first), the others through Redis when it is there.
   */
  publish(userIds: Iterable<number>, event: LiveEvent): void {
    const recipients = [...new Set(userIds)];
    if (recipients.length === 0 || this.closed) return;
    const wire: Wire = { i: this.instance, u: recipients, f: sseFrame(event.type, event.data) };
    setImmediate(() => this.deliver(wire));
    this.send(wire);
  }

  /**
   * Opens a stream for `userId`, of the session `sessionId` (the access token's refresh-token
   * family) when given; the returned function closes it.
   */
  attach(userId: number, sink: LiveSink, sessionId?: string): () => void {
    if (this.stopping) {
      sink.write(`retry: ${this.retryHint()}\n\n`);
      sink.end();
      return () => undefined;
    }
    const stream: Stream = { userId, sink, sessionId };
    let sinks = this.streams.get(userId);
    const first = !sinks;
    if (!sinks) {
      sinks = new Set();
      this.streams.set(userId, sinks);
    }
    sinks.add(stream);
    if (sessionId !== undefined) {
      let ofSession = this.sessions.get(sessionId);
      if (!ofSession) {
        ofSession = new Set();
        this.sessions.set(sessionId, ofSession);
      }
      ofSession.add(stream);
    }
    if (first) {
      this.markPresent([userId]);
      this.presenceListener?.(userId, true);
    }
    return () => this.remove(stream);
  }

  /**
   * Ends, on every instance, the streams opened with one of `sessionIds`: each gets `expired`,
   * then ends (the client refreshes its token, which a revoked session cannot). Returns at once;
   * call it after the revocation commits.
   */
  closeSessions(sessionIds: string[]): void {
    const ids = [...new Set(sessionIds)];
    if (ids.length === 0 || this.closed) return;
    this.invalidate({ sessions: ids });
    this.endSessions(ids);
    this.send({ i: this.instance, s: ids }, true);
  }

  /**
   * Whether an invalidation of this instance is on its way to the others: an answer that follows a
   * revocation or a change of a user waits for `invalidationsSent` before it leaves (app.ts), so
   * that the client's next request, to any instance, finds the cache there forgetting already.
   */
  get invalidationsPending(): boolean {
    return this.awaited.size > 0 && this.publisher?.status === 'ready';
  }

  /**
   * Resolves once every other instance has applied every invalidation sent so far, or after
   * `timeoutMs` (an instance that never acknowledges is given up on after ACK_TIMEOUT_MS), or at
   * once while Redis is away (the other instances' caches then are not used: `invalidationsHeard`).
   */
  invalidationsSent(timeoutMs = 1000): Promise<void> {
    if (!this.invalidationsPending) return Promise.resolve();
    // One cut in flight waits in the queue: sent again now, not at the next event.
    this.flush();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.unheardWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Streams open on this instance. */
  get connections(): number {
    let count = 0;
    for (const sinks of this.streams.values()) count += sinks.size;
    return count;
  }

  get stats(): LiveStats {
    return {
      streams: this.connections,
      redis: !this.publisher ? 'off' : this.publisher.status === 'ready' && this.subscribed ? 'up' : 'down',
      queued: this.queue.length,
      dropped: this.dropped,
      resyncs: this.resyncs,
    };
  }

  /**
   * Which of `userIds` have a stream open now, on any instance. While Redis is away, this
   * instance's own streams answer.
   */
  async online(userIds: number[]): Promise<Set<number>> {
    const result = new Set<number>();
    const local = () => {
      for (const id of userIds) if (this.streams.has(id)) result.add(id);
      return result;
    };
    if (!this.publisher || this.publisher.status !== 'ready') return local();
    if (userIds.length === 0) return result;
    const pipeline = this.publisher.pipeline();
    for (const id of userIds) pipeline.hvals(this.presenceKey(id));
    let answers: [Error | null, unknown][];
    try {
      answers = (await pipeline.exec()) ?? [];
    } catch {
      return local();
    }
    const now = Date.now();
    answers.forEach(([error, values], index) => {
      const id = userIds[index]!;
      if (error) {
        if (this.streams.has(id)) result.add(id);
        return;
      }
      if ((values as string[]).some((until) => Number(until) > now)) result.add(id);
    });
    return result;
  }

  /**
   * The process is stopping: every stream ends with a `retry` hint (milliseconds, spread by up
   * to half again so that the clients do not come back together), and streams opened from now on
   * end at once. Events are still published, for the other instances, until `close`.
   */
  endStreams(retryMs = 2000): void {
    if (this.stopping) return;
    this.stopping = { retryMs };
    const users = [...this.streams.keys()];
    for (const sinks of [...this.streams.values()]) {
      for (const stream of [...sinks]) this.end(stream, `retry: ${this.retryHint()}\n\n`);
    }
    if (this.publisher?.status === 'ready' && users.length > 0) {
      const pipeline = this.publisher.pipeline();
      for (const id of users) pipeline.hdel(this.presenceKey(id), this.instance);
      pipeline.exec().catch(() => undefined);
    }
  }

  /**
   * Ends every stream (the process is stopping), gives what waits for Redis up to `flushMs` to
   * leave, and closes Redis.
   */
  async close(flushMs = 1000): Promise<void> {
    if (this.closed) return;
    this.endStreams();
    this.closed = true;
    clearInterval(this.heartbeat);
    const publisher = this.publisher;
    if (publisher) {
      const deadline = Date.now() + flushMs;
      while (
        (this.queue.length > 0 || this.sending > 0) &&
        Date.now() < deadline &&
        publisher.status === 'ready'
      ) {
        this.flush();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    this.subscriber?.disconnect();
    if (publisher) {
      if (publisher.status === 'ready') await publisher.quit().catch(() => undefined);
      else publisher.disconnect();
    }
  }

  private retryHint(): number {
    const base = this.stopping?.retryMs ?? 2000;
    return Math.round(base * (1 + Math.random() / 2));
  }

  /** Writes `frame` (if any) to the stream, ends it, and forgets it. */
  private end(stream: Stream, frame?: string): void {
    this.remove(stream);
    try {
      if (frame) stream.sink.write(frame);
      stream.sink.end();
    } catch (error) {
      this.options.log.warn({ err: error }, 'live: a stream could not be ended');
    }
  }

  private remove(stream: Stream): void {
    const { userId, sessionId } = stream;
    if (sessionId !== undefined) {
      const ofSession = this.sessions.get(sessionId);
      if (ofSession?.delete(stream) && ofSession.size === 0) this.sessions.delete(sessionId);
    }
    const current = this.streams.get(userId);
    if (!current?.delete(stream) || current.size > 0) return;
    this.streams.delete(userId);
    // Stopping: the users come back on another instance; nobody is told they left.
    if (this.closed || this.stopping) return;
    void this.markAbsent(userId).then(() => this.presenceListener?.(userId, false));
  }

  /** An invalidation was applied by every other instance (or dropped, or given up on). */
  private heard(number: number): void {
    const awaited = this.awaited.get(number);
    if (!awaited) return;
    clearTimeout(awaited.timer);
    this.awaited.delete(number);
    if (this.awaited.size > 0) return;
    for (const wake of this.unheardWaiters.splice(0)) wake();
  }

  private invalidate(change: Invalidation): void {
    for (const listener of this.invalidationListeners) listener(change);
  }

  private endSessions(sessionIds: string[]): void {
    for (const id of sessionIds) {
      const ofSession = this.sessions.get(id);
      if (ofSession) for (const stream of [...ofSession]) this.end(stream, EXPIRED);
    }
  }

  /** Queues a message for Redis (the oldest goes when full) and sends what Redis can take. */
  private send(wire: Wire, invalidation = false): void {
    if (!this.publisher) return;
    let number: number | undefined;
    if (invalidation) {
      number = ++this.invalidations;
      wire.n = number;
      this.awaited.set(number, { acknowledged: 0 });
    }
    this.queue.push({ text: JSON.stringify(wire), invalidation: number });
    if (this.queue.length > this.queueLimit) {
      const excess = this.queue.length - this.queueLimit;
      for (const gone of this.queue.splice(0, excess))
        if (gone.invalidation !== undefined) this.heard(gone.invalidation);
      if (this.droppedNow === 0) {
        this.options.log.warn(
          { limit: this.queueLimit },
          'live: Redis is away and its queue is full; dropping the oldest events',
        );
      }
      this.dropped += excess;
      this.droppedNow += excess;
    }
    this.flush();
  }

  private flush(): void {
    const publisher = this.publisher;
    if (!publisher || publisher.status !== 'ready' || this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    for (const message of batch) {
      this.sending += 1;
      publisher.publish(this.channel, message.text).then(
        (receivers) => {
          this.sending -= 1;
          if (message.invalidation !== undefined) this.published(message.invalidation, receivers);
        },
        (error: unknown) => {
          this.sending -= 1;
          // Cut in flight: it waits for the next connection (it may then arrive twice, which an
          // event that only says "read again" allows).
          if (!this.closed) this.requeue(message);
          this.options.log.debug({ err: error }, 'redis: a live event waits for Redis');
        },
      );
    }
  }

  /**
   * Redis wrote the invalidation `number` to `receivers` subscriptions, this instance's own among
   * them while it is subscribed: it is heard once each of the others has acknowledged it.
   */
  private published(number: number, receivers: number): void {
    const awaited = this.awaited.get(number);
    if (!awaited) return;
    awaited.receivers = Math.max(0, receivers - (this.subscribed ? 1 : 0));
    if (awaited.acknowledged >= awaited.receivers) return this.heard(number);
    awaited.timer = setTimeout(() => this.heard(number), ACK_TIMEOUT_MS);
    awaited.timer.unref();
  }

  private acknowledged(number: number): void {
    const awaited = this.awaited.get(number);
    if (!awaited) return;
    awaited.acknowledged += 1;
    if (awaited.receivers !== undefined && awaited.acknowledged >= awaited.receivers) this.heard(number);
  }

  private requeue(message: Outgoing): void {
    this.queue.unshift(message);
    if (this.queue.length > this.queueLimit) {
      const gone = this.queue.splice(0, 1)[0]!;
      if (gone.invalidation !== undefined) this.heard(gone.invalidation);
      this.dropped += 1;
      this.droppedNow += 1;
    }
  }

  /** Subscribes again after a drop, then tells every stream to read again what it shows. */
  private async resubscribe(): Promise<void> {
    try {
      await this.subscriber!.subscribe(this.channel);
    } catch {
      return; // The next `ready` tries again.
    }
    if (!this.lost || this.closed) return;
    this.lost = false;
    this.subscribed = true;
    // What was said while the subscription was away was not heard.
    this.invalidate({ everything: true });
    this.resyncs += 1;
    this.options.log.info(
      { streams: this.connections },
      'live: the Redis subscription is back; streams resync',
    );
    for (const sinks of this.streams.values()) for (const stream of sinks) stream.sink.write(RESYNC);
  }

  private receive(message: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(message) as Wire;
    } catch (error) {
      this.options.log.warn({ err: error }, 'live: an unreadable message on the channel');
      return;
    }
    if (wire.i === this.instance) return;
    if (wire.a !== undefined) {
      if (wire.to === this.instance) this.acknowledged(wire.a);
      return;
    }
    if (wire.s) {
      this.invalidate({ sessions: wire.s });
      this.endSessions(wire.s);
    }
    if (wire.c) this.invalidate({ users: wire.c });
    // Applied: the sender's answer (a logout, a password change) may leave.
    if (wire.n !== undefined && this.publisher?.status === 'ready') {
      const ack: Wire = { i: this.instance, a: wire.n, to: wire.i };
      this.publisher.publish(this.channel, JSON.stringify(ack)).catch(() => undefined);
    }
    if (wire.u && wire.f !== undefined) this.deliver(wire);
  }

  private deliver(wire: Wire): void {
    if (!wire.u || wire.f === undefined) return;
    for (const userId of wire.u) {
      const sinks = this.streams.get(userId);
      if (sinks) for (const stream of sinks) stream.sink.write(wire.f);
    }
  }

  private beat(): void {
    for (const sinks of this.streams.values()) for (const stream of sinks) stream.sink.write(': ping\n\n');
    this.markPresent([...this.streams.keys()]);
  }

  private presenceKey(userId: number): string {
    return `${this.options.prefix}presence:${userId}`;
  }

  /** Presence entries outlive three missed heartbeats, so a crashed instance's users go offline. */
  private markPresent(userIds: number[]): void {
    if (!this.publisher || this.publisher.status !== 'ready' || userIds.length === 0) return;
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
    if (!this.publisher || this.publisher.status !== 'ready') return;
    await this.publisher.hdel(this.presenceKey(userId), this.instance).catch(() => undefined);
  }
}
