/** Access tokens (signed JWT, HS256) and opaque random tokens stored only as hashes (D8). */
import { createHash, createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export interface AccessClaims {
  userId: number;
  /** The refresh-token family (one per login) the token was issued in. */
  sessionId: string;
  /** When the token expires, in ms since the epoch (the live stream ends then). */
  expiresAt: number;
}

/** Verified tokens remembered; the least recently used go first. */
const VERIFIED_MAX = 10_000;

export class AccessTokens {
  /**
   * Imported once: given the raw bytes, jose would import the key again for every token it signs
   * or verifies (measured at 7% of a cached read's CPU).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens already verified, by their whole text (signature included, so no other text can hit):
   * WebCrypto's HMAC took 0.2 ms of CPU per request, the largest share of a board move's. Claims
   * change nothing a check would, as long as expiry is checked again on every use.
   */
  private readonly verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_MAX });

  constructor(
    secret: string,
    private readonly ttlMs: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(userId: number, role: string, sessionId: string): Promise<string> {
    const now = Date.now();
    return new SignJWT({ role, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(new Date(now + this.ttlMs))
      .sign(await this.key);
  }

  /** The claims, or `undefined` for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known;
      this.verified.delete(token);
    }
    const claims = await this.check(token);
    if (claims) this.verified.set(token, claims);
    return claims;
  }

  private async check(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
      const expiresAt = (payload.exp ?? 0) * 1000;
      return Number.isSafeInteger(userId) && userId > 0 && sessionId
        ? { userId, sessionId, expiresAt }
        : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}

/**
 * Links that act without signing in (D42's Accept and Decline): `ids.expiry.signature`, short
 * enough for a path segment. The signature is an HMAC-SHA-256 (128 bits kept) under a key derived
 * from the secret for links alone, over the purpose, the ids and the expiry: a link is good for its
 * purpose only, no access token is a link, and no link an access token.
 */
export class LinkTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('cadence signed links').digest();
  }

  private signature(purpose: string, body: string): string {
    return createHmac('sha256', this.key)
      .update(`${purpose}\n${body}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  sign(purpose: string, ids: number[], expiresAt: number): string {
    const body = `${ids.join('-')}.${Math.ceil(expiresAt / 1000).toString(36)}`;
    return `${body}.${this.signature(purpose, body)}`;
  }

  /** The ids of a genuine link for `purpose` (`expired` once its time is over); undefined otherwise. */
  verify(purpose: string, token: string): { ids: number[]; expired: boolean } | undefined {
    const match = /^([0-9]+(?:-[0-9]+)*)\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return undefined;
    const expected = Buffer.from(this.signature(purpose, `${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const ids = match[1]!.split('-').map(Number);
    if (!ids.every((id) => Number.isSafeInteger(id))) return undefined;
    return { ids, expired: parseInt(match[2]!, 36) * 1000 <= Date.now() };
  }
}

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The JWT secret: JWT_SECRET when set, else one generated on first start and kept in DATA_DIR so
 * that a restart does not sign everybody out.
 */
export function loadOrCreateSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
