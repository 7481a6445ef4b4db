/**
 * Card payment of a billing request (D25, D36) through the payment provider's official SDK
 * (Stripe): a one-time Checkout Session for the request's bill, and the provider's signed webhook
 * that marks the request paid. On only when both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
 * set; otherwise both calls answer 404, as a route that does not exist. STRIPE_API_URL sends the
 * SDK's calls elsewhere (a local stand-in in the tests); by default they go to the real API.
 */
import {
  cents,
  type CheckoutAnswer,
  type CreateBillingRequestInput,
  messages,
  plans,
  type WebhookAnswer,
} from '@cadence/contract';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import { type Config, cardPaymentOn } from '../../config';
import type { ServiceDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../errors';
import { planTexts, type BillingService } from './service';
import { transaction } from '../../db/transaction';

/** How long a user waits for the provider before the checkout fails (the SDK's default is 80 s). */
const PROVIDER_TIMEOUT_MS = 20_000;

/** The SDK's host, port and protocol options for an API address such as http://127.0.0.1:12111. */
export function stripeAddress(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const providerFailed = () =>
  new AppError(502, 'PAYMENT_PROVIDER_ERROR', messages['billing.paymentProviderFailed']);

/** Where the provider sends the user back: the account's billing tab, which reads `checkout`. */
const returnUrl = (config: Config, outcome: 'success' | 'cancelled') =>
  `${config.PUBLIC_URL}/pages/account-setting?tab=billing&checkout=${outcome}`;

export class CheckoutService {
  /** Whether card payment is configured; `GET /api/billing` answers it as `cardPayment`. */
  readonly enabled: boolean;
  private readonly stripe: Stripe | undefined;

  constructor(
    private readonly deps: Pick<ServiceDeps, 'db' | 'engine' | 'config' | 'log'> & {
      billing: BillingService;
    },
  ) {
    const { config } = deps;
    this.enabled = cardPaymentOn(config);
    this.stripe = this.enabled
      ? new Stripe(config.STRIPE_SECRET_KEY!, {
          ...stripeAddress(config.STRIPE_API_URL),
          timeout: PROVIDER_TIMEOUT_MS,
          telemetry: false,
          appInfo: { name: 'Cadence' },
        })
      : undefined;
  }

  /**
   * Records the billing request (as `POST /api/billing/requests` does) and opens a one-time
   * Checkout Session for its bill: the plan's bill for one user × the users. If the provider
   * fails, the request is removed again and the answer is a 502: nothing half-made is left.
   */
  async checkout(userId: number, input: CreateBillingRequestInput): Promise<CheckoutAnswer> {
    const { stripe } = this;
    if (!stripe) throw notFound();
    const { db, config, log } = this.deps;
    const user = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const request = await this.deps.billing.request(userId, input);
    const id = Number(request._id);
    const plan = plans.find((candidate) => candidate.id === request.plan)!;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create({
        mode: 'payment',
        // Cards only (D25 "pay by card"): a filter on the methods the provider would offer.
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: cents(plan.monthlyPrice) * plan.billingMonths,
              product_data: {
                name: `Cadence ${planTexts[plan.id].title} (${plan.billingMonths} ${plan.billingMonths === 1 ? 'month' : 'months'})`,
              },
            },
            quantity: request.users,
          },
        ],
        client_reference_id: request._id,
        metadata: { billingRequestId: request._id },
        customer_email: user.email,
        locale: 'auto',
        success_url: returnUrl(config, 'success'),
        cancel_url: returnUrl(config, 'cancelled'),
      });
      if (!session.url) throw new Error('the Checkout Session has no url');
    } catch (error) {
      await db.deleteFrom('billing_requests').where('id', '=', id).execute();
      const detail = error instanceof Stripe.errors.StripeError ? error : undefined;
      log.warn(
        {
          billingRequestId: id,
          provider: {
            type: detail?.type,
            code: detail?.code,
            statusCode: detail?.statusCode,
            requestId: detail?.requestId,
          },
          reason: error instanceof Error ? error.message : String(error),
        },
        'card payment: the provider refused or failed to create the checkout',
      );
      throw providerFailed();
    }
    await db
      .updateTable('billing_requests')
      .set({ checkout_session_id: session.id })
      .where('id', '=', id)
      .execute();
    return { url: session.url };
  }

  /**
   * The provider's event, verified against its signature over the exact bytes received. A paid
   * `checkout.session.completed` (or `async_payment_succeeded`) marks its request paid until the later of now and the user's
   * current paid-until, plus the plan's months. Idempotent: the provider delivers an event at
   * least once, and only a request still `requested` changes. Other events are acknowledged.
   */
  async webhook(rawBody: unknown, signature: unknown, now = new Date()): Promise<WebhookAnswer> {
    const { stripe } = this;
    if (!stripe) throw notFound();
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(rawBody) || typeof signature !== 'string') throw new Error('unsigned');
      event = stripe.webhooks.constructEvent(rawBody, signature, this.deps.config.STRIPE_WEBHOOK_SECRET!);
    } catch {
      throw badRequest('INVALID_SIGNATURE', 'billing.webhookSignatureInvalid');
    }
    // A card pays at once (`completed`, paid); a delayed method would report `async_payment_succeeded`.
    const paidSession =
      event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded'
        ? event.data.object
        : undefined;
    if (paidSession?.payment_status === 'paid') await this.markPaid(paidSession.id, now);
    return { received: true };
  }

  private async markPaid(sessionId: string, now: Date): Promise<void> {
    const { db, engine, log } = this.deps;
    await transaction(db, async (trx) => {
      const request = await engine
        .forUpdate(
          trx.selectFrom('billing_requests').selectAll().where('checkout_session_id', '=', sessionId),
        )
        .executeTakeFirst();
      if (!request || request.status !== 'requested') {
        if (!request) log.warn({ sessionId }, 'card payment: a paid session of no billing request');
        return;
      }
      // The user's row is the lock: two payments of theirs extend one after the other.
      await engine
        .forUpdate(trx.selectFrom('users').select('id').where('id', '=', request.user_id))
        .executeTakeFirst();
      const latest = await trx
        .selectFrom('billing_requests')
        .select('paid_until')
        .where('user_id', '=', request.user_id)
        .where('status', '=', 'paid')
        .where('paid_until', 'is not', null)
        .orderBy('paid_until', 'desc')
        .limit(1)
        .executeTakeFirst();
      const current = latest?.paid_until ? new Date(latest.paid_until) : undefined;
      const from = current && current > now ? current : now;
      const plan = plans.find((candidate) => candidate.id === request.plan)!;
      const paidUntil = DateTime.fromJSDate(from, { zone: 'utc' })
        .plus({ months: plan.billingMonths })
        .toJSDate()
        .toISOString();
      await trx
        .updateTable('billing_requests')
        .set({ status: 'paid', paid_until: paidUntil })
        .where('id', '=', request.id)
        .where('status', '=', 'requested')
        .execute();
    });
  }
}
