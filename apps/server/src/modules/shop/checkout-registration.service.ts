import {
  type CheckoutRegistrationRequest,
  type CheckoutRegistrationResult,
  HUMAN_CHECK_ACTION,
  normalizeOfferCode,
} from '@atrium/contracts';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { FORM_DOCUMENT_QUEUE, type FormDocumentJob } from '../forms/form-documents.service.ts';
import { type RecordedSubmission, recordSubmission } from '../forms/form-submit.service.ts';
import { updateContactFromForm } from '../forms/forms.repo.ts';
import type { HumanCheck } from '../forms/human-check.ts';
import { placeOnlineOrder } from './shop-checkout.service.ts';

// The checkout with registration (spec 1 public route "checkout register form"; decisions.md
// "Checkout with registration"): when the studio has isRegAndPurchaseOnSamePage on, a visitor fills
// in its Student Registration form and places the cart's order as that person. Both are one
// transaction: the registration is the sale's buyer, so a refused order (stock, an item, a code)
// leaves no contact, answers, submission or used human check behind.

type Body = z.output<typeof CheckoutRegistrationRequest>;

export interface RegistrationMeta {
  humanCheck: HumanCheck;
  ip: string;
  userAgent: string;
}

/**
 * POST /public/checkout/register. Like the visitor's checkout it ignores any sign-in: the person is
 * who the form names (a member orders from My Store, billed to themselves).
 */
export async function placeRegisteredOrder(
  platform: Platform,
  tenant: TenantContext,
  body: Body,
  meta: RegistrationMeta,
  now = new Date(),
): Promise<CheckoutRegistrationResult> {
  // The route is absent while the studio has the setting off (DESIGN.md "White label").
  if (!tenant.settings.isRegAndPurchaseOnSamePage) throw notFound('Checkout registration');
  const challenge = await meta.humanCheck.verify(tenant.tenantId, body.rToken, HUMAN_CHECK_ACTION);
  const email = body.email.trim().toLowerCase();
  let registered: RecordedSubmission | null = null;
  const order = await placeOnlineOrder(
    platform,
    tenant,
    {
      items: body.items,
      offerCode: body.offerCode ? normalizeOfferCode(body.offerCode) : '',
      idempotencyKey: body.idempotencyKey,
      cartId: body.cartId,
      email,
      name: `${body.firstName} ${body.lastName}`.trim(),
      phone: body.phone,
      address: body.address,
      note: body.note,
      fingerprint: { channel: 'online-registration', formId: body.formId },
    },
    async (tx) => {
      const submitted = await recordSubmission(
        tx,
        {
          humanCheck: meta.humanCheck,
          tenant,
          auth: null,
          ip: meta.ip,
          userAgent: meta.userAgent,
          origin: tenantOrigin(platform.config, tenant),
          now,
        },
        body,
        challenge,
        'STUDENT_REGISTRATION',
      );
      // A contact made here came in through the shop, as the visitor's checkout marks its buyers; a
      // known contact keeps its record (the form only filled its blanks).
      if (submitted.contactCreated) {
        await updateContactFromForm(tx, tenant.tenantId, submitted.contactId, {
          statuses: ['client'],
          isUnread: true,
          leadSource: 'Online store',
          subscribeToMailingList: false,
          address: body.address,
        });
      }
      registered = submitted;
      const { firstName, lastName } = submitted.signer;
      return { id: submitted.contactId, name: `${firstName} ${lastName}`, isWalkin: false };
    },
    meta.ip,
    now,
  );
  const done = registered as RecordedSubmission | null;
  if (done) {
    await platform.jobs.send<FormDocumentJob>(
      FORM_DOCUMENT_QUEUE,
      { tenantId: tenant.tenantId, orgId: tenant.orgId, submissionId: done.id },
      { id: done.id },
    );
  }
  return { ...order, registration: done?.result ?? null };
}
