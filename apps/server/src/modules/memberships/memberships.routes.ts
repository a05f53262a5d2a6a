import {
  CreditSummary,
  ErrorBody,
  MemberSubscription,
  MemberSubscriptionList,
  Membership,
  MembershipInput,
  MembershipList,
  MembershipUpdate,
  SetupIntentAnswer,
  SetupIntentRequest,
  SubscriptionCancel,
  SubscriptionComplete,
  SubscriptionListQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { manageCatalogue } from '../catalogue/catalogue-rules.ts';
import { findPerson } from '../invoices/invoices.repo.ts';
import { createStripeGateway } from '../payments/payments.routes.ts';
import { creditSummary, expireCredits } from './credits.service.ts';
import { createMembership, editMembership, getMembership, listMemberships } from './membership-products.service.ts';
import { CREDIT_EXPIRY_QUEUE, RENEWAL_QUEUE, runRenewals } from './renewals.service.ts';
import { changeSubscription } from './subscription-changes.service.ts';
import { completeMembershipSetup, startCardUpdate, startMembershipSetup } from './subscription-setup.service.ts';
import { getSubscription, listSubscriptions, type Memberships, mySubscriptions } from './subscriptions.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };
const IdParams = z.object({ id: z.uuid('id must be an id') });
const ContactParams = z.object({ contactId: z.uuid('contactId must be a contact id') });
const ArchiveQuery = z.object({
  showArchive: z
    .enum(['true', 'false'], { error: 'showArchive must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
});
const authPre = async (request: FastifyRequest) => void requireAuth(request);
const staffPre = async (request: FastifyRequest) => void requireStaff(request);
const managePre = async (request: FastifyRequest) => void manageCatalogue(request);

/** Memberships (issue 12): products, subscriptions on a saved card, renewals, credits. */
export function registerMembershipRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['memberships'];
  const { db } = platform;
  const m: Memberships = { platform, gateway: createStripeGateway(platform) };

  // without a card provider there is nothing to charge: the queue runs and does nothing
  platform.jobs.register(
    RENEWAL_QUEUE,
    async () => {
      if (m.gateway) await runRenewals(platform, m.gateway);
    },
    { retryLimit: 0, policy: 'short' },
  );
  // every 5 minutes: a cycle is charged within minutes of falling due (and retried on its day)
  platform.jobs.schedule(RENEWAL_QUEUE, '*/5 * * * *');
  platform.jobs.register(CREDIT_EXPIRY_QUEUE, async () => void (await expireCredits(db, platform.clock.now())), {
    retryLimit: 1,
    policy: 'short',
  });
  platform.jobs.schedule(CREDIT_EXPIRY_QUEUE, '17 * * * *');

  // ------------------------------------------------------------ products
  app.get(
    '/item/membership',
    {
      preValidation: authPre,
      schema: {
        tags,
        summary: 'Membership products: staff see all (archived with showArchive), members what is on sale',
        querystring: ArchiveQuery,
        response: { 200: MembershipList, ...errors },
      },
    },
    async (request) => listMemberships(db, requireAuth(request), request.query),
  );
  app.get(
    '/item/membership/:id',
    {
      preValidation: authPre,
      schema: { tags, summary: 'One membership product', params: IdParams, response: { 200: Membership, ...errors } },
    },
    async (request) => getMembership(db, requireAuth(request), request.params.id),
  );
  app.post(
    '/item/membership',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Adds a membership (recurring, unlimited or a class pack) to a SERVICE category',
        body: MembershipInput,
        response: { 201: Membership, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createMembership(db, manageCatalogue(request), request.body)),
  );
  app.put(
    '/item/membership/:id',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Edits a membership; memberships already bought keep their terms',
        params: IdParams,
        body: MembershipUpdate,
        response: { 200: Membership, ...errors },
      },
    },
    async (request) => editMembership(db, manageCatalogue(request), request.params.id, request.body),
  );

  // ------------------------------------------------------------ buying (spec 3 §7.5 setupintent)
  app.post(
    '/item/payment/setupintent/:id',
    {
      preValidation: authPre,
      schema: {
        tags,
        summary: "Opens the provider's page where the card for a membership is saved (id: the membership)",
        params: IdParams,
        body: SetupIntentRequest.optional(),
        response: { 200: SetupIntentAnswer, ...errors },
      },
    },
    async (request) => startMembershipSetup(m, requireAuth(request), request.params.id, request.body ?? {}),
  );
  app.post(
    '/item/membership/subs/complete',
    {
      preValidation: authPre,
      schema: {
        tags,
        summary: "Back from the provider's page: makes the membership (once) and charges what is due now",
        body: SubscriptionComplete,
        response: { 200: MemberSubscription, ...errors },
      },
    },
    async (request) => completeMembershipSetup(m, requireAuth(request), request.body.sessionId),
  );

  // ------------------------------------------------------------ subscriptions
  const listOf = (upcoming: boolean) => async (request: FastifyRequest) => {
    // validated and transformed by the route's querystring schema
    const query = request.query as z.output<typeof SubscriptionListQuery>;
    return listSubscriptions(
      m,
      requireStaff(request),
      {
        ...query,
        sort: query.sort ?? (upcoming ? 'nextChargeAt' : 'createdAt'),
        order: query.order ?? (upcoming ? 'asc' : 'desc'),
      },
      upcoming,
    );
  };
  app.get(
    '/item/membership/subs',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'Memberships bought (current; ended too with showArchive), optionally one contact’s',
        querystring: SubscriptionListQuery,
        response: { 200: MemberSubscriptionList, ...errors },
      },
    },
    listOf(false),
  );
  app.get(
    '/item/membership/subs/upcoming',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'Upcoming membership charges, soonest first (spec 3 §7.5, the /item/ireport query)',
        querystring: SubscriptionListQuery,
        response: { 200: MemberSubscriptionList, ...errors },
      },
    },
    listOf(true),
  );
  app.get(
    '/item/membership/mysubs',
    {
      preValidation: authPre,
      schema: {
        tags,
        summary: 'The signed-in member’s memberships',
        response: { 200: MemberSubscriptionList, ...errors },
      },
    },
    async (request) => mySubscriptions(m, requireAuth(request)),
  );
  app.get(
    '/item/membership/subs/:id',
    {
      preValidation: authPre,
      schema: {
        tags,
        summary: 'One membership (staff, or its member)',
        params: IdParams,
        response: { 200: MemberSubscription, ...errors },
      },
    },
    async (request) => getSubscription(m, requireAuth(request), request.params.id),
  );
  for (const action of ['pause', 'resume'] as const) {
    app.put(
      `/item/membership/subs/:id/${action}`,
      {
        preValidation: authPre,
        schema: {
          tags,
          summary: action === 'pause' ? 'Pauses the charges (admin, staff)' : 'Bills again from now on (admin, staff)',
          params: IdParams,
          response: { 200: MemberSubscription, ...errors },
        },
      },
      async (request) => changeSubscription(m, requireAuth(request), request.params.id, action),
    );
  }
  app.put(
    '/item/membership/subs/:id/cancel',
    {
      preValidation: authPre,
      schema: {
        tags,
        summary: 'Cancels now (retries stop) or at the end of the period (staff, or its member)',
        params: IdParams,
        body: SubscriptionCancel,
        response: { 200: MemberSubscription, ...errors },
      },
    },
    async (request) =>
      changeSubscription(
        m,
        requireAuth(request),
        request.params.id,
        request.body.when === 'now' ? 'cancelNow' : 'cancelAtPeriodEnd',
      ),
  );
  app.post(
    '/item/membership/subs/:id/card',
    {
      preValidation: authPre,
      schema: {
        tags,
        summary:
          "Opens the provider's page to save a new card for the membership (a declined payment is retried with it)",
        params: IdParams,
        response: { 200: SetupIntentAnswer, ...errors },
      },
    },
    async (request) => startCardUpdate(m, requireAuth(request), request.params.id),
  );

  // ------------------------------------------------------------ credits
  app.get(
    '/item/membership/credits/:contactId',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'A contact’s class credits and ledger',
        params: ContactParams,
        response: { 200: CreditSummary, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request);
      return readTenant(db, tenant.tenantId, async (tx) => {
        if (!(await findPerson(tx, tenant.tenantId, request.params.contactId))) throw notFound('Contact');
        return creditSummary(tx, tenant.tenantId, request.params.contactId, platform.clock.now());
      });
    },
  );
  app.get(
    '/item/membership/mycredits',
    {
      preValidation: authPre,
      schema: { tags, summary: 'The signed-in member’s class credits', response: { 200: CreditSummary, ...errors } },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      return readTenant(db, tenant.tenantId, (tx) =>
        creditSummary(tx, tenant.tenantId, auth.sub, platform.clock.now()),
      );
    },
  );
}
