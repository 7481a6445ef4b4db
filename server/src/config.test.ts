import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: path.resolve('./data'),
      ACCESS_TOKEN_TTL: 10 * 60_000,
      REFRESH_TOKEN_TTL: 30 * 86_400_000,
      SEED_DEMO: true,
      SIGNUP_ROLE: 'admin',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: 20,
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
      REDIS_PREFIX: 'cadence:',
      LIVE_HEARTBEAT: 25_000,
    });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/cadence',
      DATABASE_URL: 'postgres://app@db:5432/cadence',
      JWT_SECRET: 's'.repeat(32),
      ACCESS_TOKEN_TTL: '2s',
      REFRESH_TOKEN_TTL: '12h',
      OWNER_EMAIL: 'Boss@Example.com',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Team <team@example.com>',
      PUBLIC_URL: 'https://cadence.example.com/',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'debug',
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      TRUST_PROXY: '1',
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_PREFIX: 'team-a:',
      LIVE_HEARTBEAT: '10s',
    });
    expect(config).toMatchObject({
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_PREFIX: 'team-a:',
      LIVE_HEARTBEAT: 10_000,
      PORT: 8080,
      ACCESS_TOKEN_TTL: 2000,
      REFRESH_TOKEN_TTL: 12 * 3_600_000,
      OWNER_EMAIL: 'boss@example.com',
      PUBLIC_URL: 'https://cadence.example.com',
      SEED_DEMO: false,
      AUTH_RATE_LIMIT_PER_MINUTE: 5,
      TRUST_PROXY: 1,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['ACCESS_TOKEN_TTL', '10 minutes'],
    ['REFRESH_TOKEN_TTL', '0d'],
    ['OWNER_EMAIL', 'not-an-address'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['SIGNUP_ROLE', 'root'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'xml'],
    ['AUTH_RATE_LIMIT_PER_MINUTE', '0'],
    ['REDIS_URL', 'http://cache:6379'],
    ['LIVE_HEARTBEAT', 'often'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1, proxy.example.com'],
  ])('names %s when it is %j', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, fd00::/8,loopback', ['10.0.0.0/8', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%j as %j, never as every hop', (value, read) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(read);
  });

  it('lists every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' }).map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
    ]);
  });
});

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['30d', 2_592_000_000],
    ['10', undefined],
    ['-1m', undefined],
    ['1w', undefined],
  ])('%s → %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });
});
