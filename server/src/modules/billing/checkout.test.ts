/**
 * Card payment (D25, D36) through HTTP: checkout with the official SDK against a local stand-in of
 * the provider's API (never the internet), the signed webhook that marks a request paid, and the
 * refusals: the feature off, bad signatures, bad input, the provider failing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Billing,
  type BillingRequest,
  type CheckoutAnswer,
  errorBody,
  messages,
} from '@cadence/contract';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { buildUser, call, expectError, expectSignInRequired, ok, type TestUser } from '../../test/factories';
import { fingerprint, type TestApp, useTestApp } from '../../test/harness';
import { stripeAddress } from './checkout';

const SECRET_KEY = 'sk_test_cadence_stand_in';
const WEBHOOK_SECRET = 'whsec_cadence_stand_in';
const PUBLIC_URL = 'https://cadence.test';

/** A stand-in of the provider's API: answers Checkout Sessions and records what it was sent. */
interface StandIn {
  url: string;
  /** Each form-encoded body of POST /v1/checkout/sessions, in order. */
  bodies: URLSearchParams[];
  authorizations: (string | undefined)[];
  /** Answer 500 to the next calls. */
  failing: boolean;
  close(): Promise<void>;
}

async function startStandIn(): Promise<StandIn> {
  let sequence = 0;
  const state: Omit<StandIn, 'url' | 'close'> = { bodies: [], authorizations: [], failing: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
        return;
      }
      state.bodies.push(new URLSearchParams(Buffer.concat(chunks).toString()));
      state.authorizations.push(request.headers.authorization);
      if (state.failing) {
        send(
          500,
          { error: { type: 'api_error', message: 'The stand-in is down.' } },
          { 'stripe-should-retry': 'false' },
        );
        return;
      }
      sequence += 1;
      const id = `cs_test_${sequence}`;
      send(200, {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/pay/${id}`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let standIn: StandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  standIn = await startStandIn();
  Object.assign(env, {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
    PUBLIC_URL,
  });
});
afterAll(async () => {
  await standIn.close();
});

/**
 * The instance with card payment, its settings filled in once the stand-in listens. Each instance
 * lives in its own describe block, one after the other: on PostgreSQL, Kysely's migrator would
 * take a live sibling schema's migration tables for its own.
 */
let t: TestApp;

let eventSequence = 0;

/** The provider's event about a Checkout Session, as JSON text. */
function sessionEvent(
  sessionId: string,
  { type = 'checkout.session.completed', paymentStatus = 'paid' } = {},
): string {
  eventSequence += 1;
  return JSON.stringify({
    id: `evt_test_${eventSequence}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        status: 'complete',
        payment_status: paymentStatus,
      },
    },
  });
}

/** Posts the event as the provider does: signed with the webhook secret, unless told (null: unsigned). */
function deliver(
  app: TestApp,
  payload: string,
  signature: string | null = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return call(app, 'POST', '/api/billing/webhook', undefined, payload, {
    'content-type': 'application/json',
    ...(signature === null ? {} : { 'stripe-signature': signature }),
  });
}

async function checkout(user: TestUser, body: unknown): Promise<{ url: string; sessionId: string }> {
  const answer = await ok<CheckoutAnswer>(t, 'POST', '/api/billing/checkout', user.token, body);
  return { url: answer.url, sessionId: answer.url.split('/').pop()! };
}

const requestsOf = async (user: TestUser) =>
  (await ok<Billing>(t, 'GET', '/api/billing', user.token)).requests;

describe('without card payment configured', () => {
  const off = useTestApp();

  it('answers cardPayment false, and 404 to checkout and to the webhook, changing nothing', async () => {
    const user = await buildUser(off);
    expect((await ok<Billing>(off, 'GET', '/api/billing', user.token)).cardPayment).toBe(false);
    const before = await fingerprint(off.database);
    const refused = await call(off, 'POST', '/api/billing/checkout', user.token, { plan: 'professional' });
    errorBody.parse(expectError(refused, 404, 'NOT_FOUND'));
    const webhook = await deliver(off, sessionEvent('cs_test_1'));
    errorBody.parse(expectError(webhook, 404, 'NOT_FOUND'));
    expect(await fingerprint(off.database)).toEqual(before);
  });
});

describe('with card payment configured', () => {
  t = useTestApp(env);

  describe('POST /api/billing/checkout', () => {
    it('is for signed-in users, and card payment shows as on', async () => {
      await expectSignInRequired(t, 'POST', '/api/billing/checkout');
      const user = await buildUser(t);
      expect((await ok<Billing>(t, 'GET', '/api/billing', user.token)).cardPayment).toBe(true);
    });

    it('records the request and answers the provider’s checkout page for the plan’s bill', async () => {
      const user = await buildUser(t);
      const sent = standIn.bodies.length;
      const { url, sessionId } = await checkout(user, { plan: 'professional', currency: 'GBP' });
      expect(url).toBe(`${standIn.url}/pay/${sessionId}`);
      expect(standIn.bodies).toHaveLength(sent + 1);
      expect(standIn.authorizations.at(-1)).toBe(`Bearer ${SECRET_KEY}`);

      const [request] = await requestsOf(user);
      expect(request).toMatchObject({
        plan: 'professional',
        currency: 'GBP',
        users: 1,
        amount: 23.88,
        status: 'requested',
        paidUntil: null,
      });
      const form = Object.fromEntries(standIn.bodies.at(-1)!);
      expect(form).toMatchObject({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'gbp',
        'line_items[0][price_data][unit_amount]': '2388',
        'line_items[0][price_data][product_data][name]': 'Cadence Professional (12 months)',
        'line_items[0][quantity]': '1',
        client_reference_id: request!._id,
        'metadata[billingRequestId]': request!._id,
        customer_email: user.email,
        success_url: `${PUBLIC_URL}/pages/account-setting?tab=billing&checkout=success`,
        cancel_url: `${PUBLIC_URL}/pages/account-setting?tab=billing&checkout=cancelled`,
        'allowed_payment_method_types[0]': 'card',
      });
      const row = await t.database.db
        .selectFrom('billing_requests')
        .select('checkout_session_id')
        .where('id', '=', Number(request!._id))
        .executeTakeFirstOrThrow();
      expect(row.checkout_session_id).toBe(sessionId);
    });

    it('bills Teams per user: the bill for one user × the users', async () => {
      const user = await buildUser(t);
      await checkout(user, { plan: 'teams', currency: 'USD', users: 7 });
      const form = Object.fromEntries(standIn.bodies.at(-1)!);
      expect(form).toMatchObject({
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '4788',
        'line_items[0][quantity]': '7',
      });
      expect((await requestsOf(user))[0]).toMatchObject({ plan: 'teams', users: 7, amount: 335.16 });
    });

    it('refuses Teams for 4 users and bad input with a 400, calling nobody and changing nothing', async () => {
      const user = await buildUser(t);
      const sent = standIn.bodies.length;
      const before = await fingerprint(t.database);
      const teams = await call(t, 'POST', '/api/billing/checkout', user.token, { plan: 'teams', users: 4 });
      expect(expectError(teams, 400, 'VALIDATION_ERROR').fields).toEqual({
        users: messages['billing.teamsMinimum'],
      });
      const plan = await call(t, 'POST', '/api/billing/checkout', user.token, { plan: 'gold' });
      expect(expectError(plan, 400, 'VALIDATION_ERROR').fields).toEqual({
        plan: messages['billing.planInvalid'],
      });
      // The webhook's raw-body parser is its own: this route still reads JSON as every other does.
      const malformed = await call(t, 'POST', '/api/billing/checkout', user.token, '{"plan": ', {
        'content-type': 'application/json',
      });
      expectError(malformed, 400, 'INVALID_JSON');
      expect(standIn.bodies).toHaveLength(sent);
      expect(await fingerprint(t.database)).toEqual(before);
    });

    it('answers 502 when the provider fails, and leaves no request behind', async () => {
      const user = await buildUser(t);
      const before = await fingerprint(t.database);
      standIn.failing = true;
      try {
        const response = await call(t, 'POST', '/api/billing/checkout', user.token, { plan: 'basic' });
        const body = errorBody.parse(expectError(response, 502, 'PAYMENT_PROVIDER_ERROR'));
        expect(body.message).toBe(messages['billing.paymentProviderFailed']);
      } finally {
        standIn.failing = false;
      }
      expect(await fingerprint(t.database)).toEqual(before);
      expect(await requestsOf(user)).toEqual([]);
      // The failure is logged for the operator (a 5xx is an error line), without the secret key.
      const errors = t.errors();
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(errors[0])).toContain('PAYMENT_PROVIDER_ERROR');
      expect(JSON.stringify(t.logs)).not.toContain(SECRET_KEY);
      t.logs.splice(0, t.logs.length, ...t.logs.filter((line) => line.level < 50));
    });
  });

  describe('POST /api/billing/webhook', () => {
    it('marks a paid checkout’s request paid for the plan’s months, and GET /api/billing shows the plan', async () => {
      const user = await buildUser(t);
      const { sessionId } = await checkout(user, { plan: 'professional' });
      const before = DateTime.utc();
      const response = await deliver(t, sessionEvent(sessionId));
      const after = DateTime.utc();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });

      const billing = await ok<Billing>(t, 'GET', '/api/billing', user.token);
      const request = billing.requests[0]!;
      expect(request.status).toBe('paid');
      const paidUntil = Date.parse(request.paidUntil!);
      expect(paidUntil).toBeGreaterThanOrEqual(before.plus({ months: 12 }).toMillis());
      expect(paidUntil).toBeLessThanOrEqual(after.plus({ months: 12 }).toMillis());
      expect(billing).toMatchObject({ plan: 'professional', paidUntil: request.paidUntil });
    });

    it('extends a second paid plan from the current paid-until, not from now', async () => {
      const user = await buildUser(t);
      const first = await checkout(user, { plan: 'professional' });
      expect((await deliver(t, sessionEvent(first.sessionId))).statusCode).toBe(200);
      const firstUntil = (await ok<Billing>(t, 'GET', '/api/billing', user.token)).paidUntil!;

      const second = await checkout(user, { plan: 'standard' });
      expect((await deliver(t, sessionEvent(second.sessionId))).statusCode).toBe(200);
      const billing = await ok<Billing>(t, 'GET', '/api/billing', user.token);
      const expected = DateTime.fromISO(firstUntil, { zone: 'utc' })
        .plus({ months: 6 })
        .toJSDate()
        .toISOString();
      expect(billing.requests.map((request: BillingRequest) => [request.plan, request.status])).toEqual([
        ['standard', 'paid'],
        ['professional', 'paid'],
      ]);
      expect(billing.requests[0]!.paidUntil).toBe(expected);
      expect(billing).toMatchObject({ plan: 'standard', paidUntil: expected });
    });

    it('changes nothing when the same event comes again', async () => {
      const user = await buildUser(t);
      const { sessionId } = await checkout(user, { plan: 'basic' });
      const payload = sessionEvent(sessionId);
      expect((await deliver(t, payload)).statusCode).toBe(200);
      const before = await fingerprint(t.database);
      const again = await deliver(t, payload);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ received: true });
      expect(await fingerprint(t.database)).toEqual(before);
    });

    it('acknowledges other events and unpaid sessions without changing anything', async () => {
      const user = await buildUser(t);
      const { sessionId } = await checkout(user, { plan: 'basic' });
      const before = await fingerprint(t.database);
      for (const payload of [
        sessionEvent(sessionId, { paymentStatus: 'unpaid' }),
        sessionEvent(sessionId, { type: 'checkout.session.expired', paymentStatus: 'unpaid' }),
        sessionEvent('cs_test_of_nobody'),
      ]) {
        const response = await deliver(t, payload);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ received: true });
      }
      expect(await fingerprint(t.database)).toEqual(before);
      expect((await requestsOf(user))[0]!.status).toBe('requested');
      // A paid session of no request of ours is worth a warning for the operator, not an error.
      expect(t.logs.some((line) => line.msg === 'card payment: a paid session of no billing request')).toBe(
        true,
      );
    });

    it('refuses a missing or bad signature with a 400, changing nothing', async () => {
      const user = await buildUser(t);
      const { sessionId } = await checkout(user, { plan: 'professional' });
      const payload = sessionEvent(sessionId);
      const before = await fingerprint(t.database);
      const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
      const otherPayload = Stripe.webhooks.generateTestHeaderString({
        payload: sessionEvent('cs_x'),
        secret: WEBHOOK_SECRET,
      });
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      for (const signature of [null, '', 'garbage', forged, otherPayload, stale]) {
        const response = await deliver(t, payload, signature);
        const body = errorBody.parse(expectError(response, 400, 'INVALID_SIGNATURE'));
        expect(body.message).toBe(messages['billing.webhookSignatureInvalid']);
      }
      // Signed, but the bytes changed on the way (the JSON re-serialised): refused as well.
      const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const reformatted = JSON.stringify(JSON.parse(payload) as unknown, null, 2);
      expectError(await deliver(t, reformatted, signed), 400, 'INVALID_SIGNATURE');
      const form = await call(t, 'POST', '/api/billing/webhook', undefined, 'a=b', {
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-signature': signed,
      });
      expectError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(await fingerprint(t.database)).toEqual(before);
      expect((await requestsOf(user))[0]!.status).toBe('requested');
    });
  });
});

describe('the card payment settings', () => {
  const problems = (settings: Record<string, string>) => {
    try {
      loadConfig(settings);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('need both secrets, each of its kind, and an http(s) API address', () => {
    expect(problems({ STRIPE_SECRET_KEY: SECRET_KEY })).toEqual([
      'STRIPE_WEBHOOK_SECRET: card payment needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problems({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toEqual([
      'STRIPE_SECRET_KEY: card payment needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    ]);
    expect(
      problems({ STRIPE_SECRET_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })[0],
    ).toMatch(/^STRIPE_SECRET_KEY: /);
    expect(problems({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: 'secret' })[0]).toMatch(
      /^STRIPE_WEBHOOK_SECRET: /,
    );
    expect(problems({ STRIPE_API_URL: 'ftp://127.0.0.1:12111' })[0]).toMatch(/^STRIPE_API_URL: /);
    expect(problems({ STRIPE_SECRET_KEY: ' ', STRIPE_WEBHOOK_SECRET: '' })).toEqual([]);
  });

  it('split the API address into the SDK’s host, port and protocol', () => {
    expect(stripeAddress(undefined)).toEqual({});
    expect(stripeAddress('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(stripeAddress('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeAddress('http://[::1]:8080/')).toEqual({ host: '::1', port: '8080', protocol: 'http' });
  });
});
