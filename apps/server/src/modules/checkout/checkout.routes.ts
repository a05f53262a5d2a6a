import {
  CheckoutQuote,
  DeskCheckoutQuoteRequest,
  DeskCheckoutRequest,
  ErrorBody,
  InvoiceDetail,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { checkout, quoteCheckout } from './checkout.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Every staff role sells at the desk (the front desk included); students cannot. */
const sell = (request: FastifyRequest) => requireStaff(request);

/** Spec 3 §7.5: the desk's sale of catalogue items (decisions.md "Store checkout"). */
export function registerCheckoutRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['checkout'];

  app.post(
    '/item/checkout/validate',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary: 'Prices a sale from the catalogue and Payment Settings, with what a code does; writes nothing',
        body: DeskCheckoutQuoteRequest,
        response: { 200: CheckoutQuote, ...errors },
      },
    },
    async (request) => quoteCheckout(platform, sell(request), request.body),
  );

  app.post(
    '/item/checkout',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary:
          'Sells at the desk: takes the stock, counts the code, makes the invoice and pays it (cash, account) or leaves it open',
        body: DeskCheckoutRequest,
        response: { 201: InvoiceDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await checkout(platform, sell(request), request.body)),
  );
}
