import {
  ContactInvoices,
  ErrorBody,
  InvoiceApplyPaymentRequest,
  InvoiceCreate,
  InvoiceDetail,
  InvoiceEmailRequest,
  InvoiceList,
  InvoiceListQuery,
  InvoicePaymentRequest,
  InvoicePublic,
  InvoiceUpdate,
  MyInvoices,
  MyInvoicesQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { type Authenticated, requireAuth, requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { contactInvoices, myInvoices } from './contact-invoices.service.ts';
import {
  applyPaymentFromDesk,
  archiveFromDesk,
  createFromDesk,
  emailFromDesk,
  getInvoiceDetail,
  getPublicInvoice,
  invoicePdf,
  listFromDesk,
  recordPaymentFromDesk,
  updateFromDesk,
  voidFromDesk,
} from './invoice-desk.service.ts';
import { INVOICE_PDF_ATTACHMENT } from './invoice-email.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const InvoiceParams = z.object({ id: z.uuid('id must be an invoice id') });
const PublicParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'id must be an invoice link id') });
const PdfParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'id must be an invoice id') });

/** Selling and taking payments at the desk: every staff role (decisions.md "Invoices"). */
const sell = (request: FastifyRequest) => requireStaff(request);
/** Money going back and invoices cancelled or filed away: admins and staff, not the front desk. */
const manage = (request: FastifyRequest) => requireStaff(request, 'admin', 'staff');

/** Spec 3 §7.5 invoice calls, and the public invoice of §7.8. */
export function registerInvoiceRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  // Every invoice email carries the invoice's PDF, made when the email is sent.
  platform.outbox.registerAttachment(INVOICE_PDF_ATTACHMENT, async (tenantId, ref) => {
    const tenant = await platform.tenants.byId(tenantId);
    if (!tenant) throw new Error('invoice PDF for a tenant that is gone');
    const { pdf, number } = await invoicePdf(platform, tenant, { id: ref });
    return { filename: `${number}.pdf`, content: pdf, contentType: 'application/pdf' };
  });

  app.get(
    '/item/ireport',
    {
      schema: {
        tags,
        summary: 'A page of invoices: search by number, contact name or email; archived ones on request',
        querystring: InvoiceListQuery,
        response: { 200: InvoiceList, ...errors },
      },
    },
    async (request) => listFromDesk(platform, sell(request), request.query),
  );

  app.get(
    '/item/invoice/my',
    {
      schema: {
        tags,
        summary: "The signed-in person's own invoices, newest first (void ones left out), each with its public link id",
        querystring: MyInvoicesQuery,
        response: { 200: MyInvoices, ...errors },
      },
    },
    async (request) => myInvoices(platform, requireAuth(request), request.query),
  );

  app.post(
    '/item/invoice',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary: 'A manual invoice: staff type the lines; tax and fees come from Payment Settings',
        body: InvoiceCreate,
        response: { 201: InvoiceDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createFromDesk(platform, sell(request), request.body)),
  );

  app.get(
    '/item/invoice/contact/:contactId',
    {
      schema: {
        tags,
        summary: "A contact's latest invoices and payments (refunds too), for the contact detail",
        params: z.object({ contactId: z.uuid('contactId must be a contact id') }),
        response: { 200: ContactInvoices, ...errors },
      },
    },
    async (request) => contactInvoices(platform, sell(request), request.params.contactId),
  );

  app.get(
    '/item/invoice/:id',
    {
      schema: {
        tags,
        summary: 'One invoice with its lines and payments',
        params: InvoiceParams,
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => getInvoiceDetail(platform, sell(request), request.params.id),
  );

  app.put(
    '/item/invoice/:id',
    {
      preValidation: async (request) => {
        const ctx = sell(request);
        if ((request.body as { isArchived?: unknown } | undefined)?.isArchived !== undefined) assertManager(ctx);
      },
      schema: {
        tags,
        summary: 'Edits the note, the sales person, the archive flag; the items only while nothing is paid',
        params: InvoiceParams,
        body: InvoiceUpdate,
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => updateFromDesk(platform, sell(request), request.params.id, request.body),
  );

  app.delete(
    '/item/invoice/:id',
    {
      schema: {
        tags,
        summary: 'Archives the invoice (an invoice is never deleted: it leaves the list, money untouched)',
        params: InvoiceParams,
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => archiveFromDesk(platform, manage(request), request.params.id),
  );

  app.put(
    '/item/invoice/:id/void',
    {
      schema: {
        tags,
        summary: 'Voids an invoice nothing was paid on (409 when it has payments: refund them first)',
        params: InvoiceParams,
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => voidFromDesk(platform, manage(request), request.params.id),
  );

  app.post(
    '/item/invoice/:id/email',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary: "Emails the invoice's link with its status's template, or a reminder (reminder: true)",
        params: InvoiceParams,
        body: InvoiceEmailRequest.optional(),
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => emailFromDesk(platform, sell(request), request.params.id, request.body?.reminder ?? false),
  );

  app.post(
    '/item/invoice/:id/payment',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary: 'Records a cash or account payment (idempotent by idempotencyKey)',
        params: InvoiceParams,
        body: InvoicePaymentRequest,
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => recordPaymentFromDesk(platform, sell(request), request.params.id, request.body),
  );

  app.post(
    '/item/invoice/:id/applypayment',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary: "Pays from the contact's account credit (all the balance it covers unless amount is given)",
        params: InvoiceParams,
        body: InvoiceApplyPaymentRequest,
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => applyPaymentFromDesk(platform, sell(request), request.params.id, request.body),
  );

  // POST /item/invoice/{id}/refund is the payments module's: a card payment is refunded through its provider first.

  app.get(
    '/cform/pdf/ireport/:id',
    {
      schema: {
        tags,
        summary: "The invoice as a PDF: by invoice id for staff, or by the public link's id for anyone holding it",
        params: PdfParams,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const isInvoiceId = z.uuid().safeParse(id).success;
      const tenant = isInvoiceId ? sell(request).tenant : requireTenant(request);
      const { pdf, number } = await invoicePdf(platform, tenant, isInvoiceId ? { id } : { publicId: id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/item/invoice/public/:id',
    {
      schema: {
        tags,
        summary: 'The invoice behind a public link (no login): what the printed invoice shows',
        params: PublicParams,
        response: { 200: InvoicePublic, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getPublicInvoice(platform, requireTenant(request), request.params.id);
    },
  );
}

function assertManager(ctx: Authenticated): void {
  if (ctx.auth.role !== 'admin' && ctx.auth.role !== 'staff') throw forbidden();
}
