/**
 * The server's configuration, read from the environment and validated once at start. A bad value
 * stops the start with a message naming the variable.
 */
import net from 'node:net';
import path from 'node:path';
import { roles } from '@cadence/contract';
import { z } from 'zod';

const durationPattern = /^(\d+)(ms|s|m|h|d)$/;
const unitMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "10m" → 600000. Units: ms, s, m, h, d. */
export function parseDuration(text: string): number | undefined {
  const match = durationPattern.exec(text.trim());
  if (!match) return undefined;
  const [, amount, unit] = match as unknown as [string, string, keyof typeof unitMs];
  const ms = Number(amount) * unitMs[unit];
  return ms > 0 ? ms : undefined;
}

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const ms = parseDuration(text);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration such as 30s, 10m, 12h or 30d' });
        return z.NEVER;
      }
      return ms;
    });

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .optional()
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Names proxy-addr gives to whole ranges (Fastify's `trustProxy` takes them beside addresses). */
const trustedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a network in CIDR form (10.0.0.0/8, fd00::/8), or one of the ranges' names. */
function isProxyAddress(text: string): boolean {
  if (trustedRanges.has(text) || net.isIP(text) !== 0) return true;
  const [address = '', bits, extra] = text.split('/');
  if (extra !== undefined || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const family = net.isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which `X-Forwarded-For` hops are believed: none (unset, false), the number of proxies in front
 * (1 to 10: the address the nearest of them saw), or the proxies' addresses and networks, comma
 * separated — Fastify's own forms. `true`, every hop, is refused: the first hop is whatever the
 * client wrote, so one request could name a victim's address for the sign-in protection.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (['', 'false', '0', 'no'].includes(text.toLowerCase())) return false;
    if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
    const items = text.split(',').map((item) => item.trim());
    if (!/^\d+$/.test(text) && items.every(isProxyAddress)) return items;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front of Cadence (such as 1) or their addresses or networks ' +
        '(such as 127.0.0.1 or 10.0.0.0/8); true is refused, as it believes any address a client writes',
    });
    return z.NEVER;
  });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const environment = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
  ACCESS_TOKEN_TTL: duration('10m'),
  REFRESH_TOKEN_TTL: duration('30d'),
  OWNER_EMAIL: optionalText.pipe(z.email('must be an e-mail address').toLowerCase().optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Cadence <no-reply@localhost>'),
  PUBLIC_URL: optionalText.pipe(z.url('must be a URL such as https://cadence.example.com').optional()),
  SEED_DEMO: flag(true),
  /**
   * The role a self-registered account gets (D5): `admin`, every screen (the demo's rule, and the
   * default, which the demo's walkthrough relies on); `user`, every screen but Access control and
   * the users directory (an instance run for a team); `client`, D6's page alone. The operator (D7)
   * registers as an admin whatever it is, so that someone can manage the others.
   */
  SIGNUP_ROLE: z.enum(roles, { message: `must be one of ${roles.join(', ')}` }).default('admin'),
  /**
   * Who lists the users directory (D11): `open`, everyone signed in (the demo, where every sign-up
   * is an admin, D5); `known`, each user their friends, requests, groups' members and exact look-ups
   * by user name or e-mail (the operator everyone). By default `open` with the demo, else `known`.
   */
  DIRECTORY: z.enum(['open', 'known'], { message: 'must be open or known' }).optional(),
  LOG_FORMAT: z.enum(['pretty', 'json'], { message: 'must be pretty or json' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: integer(20, 1, 100_000),
  /** D44's public calls, per address: reads of free times and bookings; a sixth of it for writes. */
  BOOKING_RATE_LIMIT_PER_MINUTE: integer(60, 1, 100_000),
  REMINDERS: flag(true),
  REMINDERS_EVERY: duration('30s'),
  /** With it, GET /metrics answers Prometheus's format to `Authorization: Bearer <it>`; without, no /metrics. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** A mail left `sending` this long by an instance that stopped is claimed again (the outbox). */
  MAIL_STALE_AFTER: duration('10m'),
  TRUST_PROXY: trustProxy,
  /**
   * Answers checked against their zod schema as well as serialised by it (plugins/response-serializer.ts):
   * on under the test runner (NODE_ENV=test, which Vitest sets), so that the suites catch contract
   * drift; off in production, where the check cost a pass over every answer.
   */
  RESPONSE_VALIDATION: flag(process.env.NODE_ENV === 'test'),
  // Live updates and rate limits shared by several instances (D38); without it, one process alone.
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379')
      .optional(),
  ),
  REDIS_PREFIX: z.string().min(1).default('cadence:'),
  LIVE_HEARTBEAT: duration('25s'),
  // Card payment (D25, D36): on when both the secret key and the webhook secret are set.
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret key (sk_… or rk_…), not the publishable key')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http:// or https:// URL such as http://127.0.0.1:12111',
      })
      .optional(),
  ),
});

export type Config = Omit<z.output<typeof environment>, 'PUBLIC_URL' | 'DATA_DIR'> & {
  /** Absolute. */
  DATA_DIR: string;
  /** Where links in e-mails point; no trailing slash. */
  PUBLIC_URL: string;
};

/** Card payment (D36) is on when both of its secrets are set (loadConfig refuses one alone). */
export const cardPaymentOn = (config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>) =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const value = parsed.data;
  // One of the two card-payment secrets alone is a half-done setup: say so rather than run without.
  if (Boolean(value.STRIPE_SECRET_KEY) !== Boolean(value.STRIPE_WEBHOOK_SECRET)) {
    const missing = value.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new ConfigError([
      `${missing}: card payment needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET`,
    ]);
  }
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  return {
    ...value,
    DATA_DIR: path.resolve(value.DATA_DIR),
    PUBLIC_URL: publicUrl.replace(/\/+$/, ''),
  };
}
