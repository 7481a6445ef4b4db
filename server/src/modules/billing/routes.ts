/** Pricing and billing calls (D36). The prices are public; a user's billing is their own. */
import {
  billing,
  billingRequest,
  createBillingRequestInput,
  currencyQuery,
  errorBody,
  pricing,
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
  const { billing: service } = context.services;
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
}
