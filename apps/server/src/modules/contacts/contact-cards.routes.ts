import { CardIdParam, ContactCardQuery, ContactCards, ErrorBody, MessageResponse } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Platform } from '../../platform.ts';
import { StripeConnect } from '../integrations/stripe-connect.ts';
import { type CardsContext, deleteContactCard, listContactCards } from './contact-cards.service.ts';
import { manageContacts } from './contact-permission.ts';
import { ContactParams } from './contact-records.routes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };
const tags = ['contacts'];
const CardParams = ContactParams.extend({ cardId: CardIdParam });
/** The permission is checked before the query and path: a caller without it learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  manageContacts(request);
};

/** Spec 2 §7: a contact's saved cards at the tenant's payment provider (Stripe Connect). "Manage contacts". */
export function registerContactCardRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const ctx: CardsContext = { db: platform.db, stripe: new StripeConnect(platform.config) };

  app.get(
    '/item/contact/:id/card',
    {
      preValidation,
      schema: {
        tags,
        summary: "The contact's saved cards, masked (provider null: no payment provider connected)",
        params: ContactParams,
        querystring: ContactCardQuery,
        response: { 200: ContactCards, ...errors },
      },
    },
    (request) => listContactCards(ctx, manageContacts(request).tenant, request.params.id, request.query.provider),
  );

  app.delete(
    '/item/contact/:id/card/:cardId',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Removes a saved card of the contact at the payment provider',
        params: CardParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => deleteContactCard(ctx, manageContacts(request).tenant, request.params.id, request.params.cardId),
  );
}
