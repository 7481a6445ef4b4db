/** Pricing and billing calls (D36). The prices are public; a user's billing is their own. */
import {
  billing,
  billingRequest,
  checkoutAnswer,
  createBillingRequestInput,
  currencyQuery,
  errorBody,
  paymentProviderEvent,
  pricing,
  webhookAnswer,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const common = { tags: ['billing'] };

/** Anyone may read the prices: the pricing page shows them before signing up. */
export function pricingRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/pricing', {
    schema: {
      ...common,
      summary: 'The plans and their prices in a currency (EUR, USD or GBP: the same figures)',
      querystring: currencyQuery,
      response: { 200: pricing, 400: errorBody },
    },
    handler: (request) => context.services.billing.pricing(request.query.currency),
  });
}

export function billingRoutes(app: FastifyInstance, context: AppContext): void {
  const { billing: service, checkout } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/billing', {
    schema: {
      ...common,
      summary: 'My trial, the plan paid for and my billing requests',
      response: { 200: billing },
    },
    handler: (request) => service.billing(userOf(request).id),
  });

  api.post('/billing/requests', {
    schema: {
      ...common,
      summary: 'Request a plan, billed manually (Teams: at least 5 users)',
      body: createBillingRequestInput,
      response: { 201: billingRequest, 400: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.request(userOf(request).id, request.body)),
  });

  api.post('/billing/checkout', {
    schema: {
      ...common,
      summary: 'Pay a plan by card: records the billing request and answers the provider’s checkout page',
      description:
        'Only where card payment is configured (`cardPayment` in GET /api/billing); elsewhere 404. ' +
        'The request is paid once the payment provider reports it (POST /api/billing/webhook). ' +
        '502 when the provider fails: then no request is recorded.',
      body: createBillingRequestInput,
      response: { 200: checkoutAnswer, 400: errorBody, 404: errorBody, 502: errorBody },
    },
    handler: (request) => checkout.checkout(userOf(request).id, request.body),
  });
}

/**
 * The payment provider's events (D36). Open: the provider signs each event with the webhook
 * secret, and the signature is over the exact bytes sent, so this one route reads its JSON body
 * as a Buffer (a parser scoped to it; every other route keeps the JSON parser).
 */
export function billingWebhookRoutes(app: FastifyInstance, context: AppContext): void {
  const { checkout } = context.services;
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post('/billing/webhook', {
      schema: {
        ...common,
        summary: 'The payment provider’s events: a paid checkout marks its billing request paid',
        description:
          'Called by the payment provider (Stripe), not by the web app. The body is the provider’s ' +
          'JSON event, sent as `application/json` and verified, byte for byte, against the ' +
          '`Stripe-Signature` header with the webhook secret (STRIPE_WEBHOOK_SECRET): a missing or ' +
          'bad signature is a 400 and changes nothing. `checkout.session.completed` (or ' +
          '`checkout.session.async_payment_succeeded`) with `payment_status: paid` marks the ' +
          'request of that session paid, once however often it ' +
          'is delivered; other events are acknowledged and ignored. 404 where card payment is not ' +
          'configured.',
        body: paymentProviderEvent,
        response: { 200: webhookAnswer, 400: errorBody, 404: errorBody },
      },
      // The body schema describes the event for the API docs; the body is the raw bytes, and the
      // provider's signature over them is what validates it (in the handler).
      validatorCompiler: () => (value: unknown) => ({ value }),
      handler: (request) => checkout.webhook(request.body as unknown, request.headers['stripe-signature']),
    });
    done();
  });
}
