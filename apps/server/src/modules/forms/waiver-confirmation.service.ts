import { WAIVER_CONFIRM_LINK_DAYS, WAIVER_CONFIRM_TEXTS, type WaiverConfirmResult } from '@atrium/contracts';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { findContact } from '../contacts/contact-records.repo.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { tenantTime } from './form-documents.service.ts';
import { lockSubmissionByConfirmToken, setSubmissionConfirmation, updateContactFromForm } from './forms.repo.ts';

/** The page the emailed link opens; it confirms only when the member presses its button. */
export const waiverConfirmPath = (token: string) => `/waiver/confirm/${token}`;

/**
 * A waiver signed by someone not signed in as its member (anyone may type a member's email):
 * emails the member a single-use link, valid WAIVER_CONFIRM_LINK_DAYS days, in the submission's
 * transaction (the outbox sends it after commit). Until it is followed the waiver does not count.
 */
export async function requestWaiverConfirmation(
  tx: Tx,
  ctx: { tenant: TenantContext; origin: string },
  pending: { submissionId: string; contactId: string; formName: string; signerName: string; now: Date },
): Promise<void> {
  const { tenant } = ctx;
  const contact = await findContact(tx, tenant.tenantId, pending.contactId);
  if (!contact) throw new Error('the signed contact vanished');
  const token = newOpaqueToken();
  await setSubmissionConfirmation(tx, tenant.tenantId, pending.submissionId, {
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(pending.now.getTime() + WAIVER_CONFIRM_LINK_DAYS * 86_400_000),
  });
  const memberName = `${contact.name} ${contact.lastName}`.trim();
  const signedFor =
    pending.signerName.toLowerCase() === memberName.toLowerCase() ? '' : ` by ${pending.signerName} for ${memberName}`;
  await enqueueEmail(tx, tenant.tenantId, {
    to: contact.email,
    subject: `Confirm your waiver for ${tenant.name}`,
    text: [
      `Hello ${contact.name || memberName},`,
      '',
      `"${pending.formName}" was signed${signedFor} on ${tenantTime(pending.now, tenant.settings.timezone)} with this email address.`,
      `If that was you, confirm it here (the link works once, for ${WAIVER_CONFIRM_LINK_DAYS} days):`,
      `${ctx.origin}${waiverConfirmPath(token)}`,
      '',
      'Until it is confirmed, we will ask for the waiver again before you book or check out.',
      'If you did not sign it, ignore this email: the waiver will not count.',
    ].join('\n'),
  });
}

/**
 * POST /public/waiver/confirm: the member followed the emailed link. The waiver counts from now
 * on; the link is spent (a second use is a 409, an expired link a 410, a token of no submission of
 * this studio a 404).
 */
export function confirmWaiver(db: Db, tenant: TenantContext, token: string, now = new Date()) {
  return withTenant(db, tenant.tenantId, async (tx): Promise<WaiverConfirmResult> => {
    const row = await lockSubmissionByConfirmToken(tx, tenant.tenantId, hashToken(token));
    if (!row) throw new AppError(404, 'not_found', WAIVER_CONFIRM_TEXTS.notFound, 'token');
    if (row.confirmedAt) throw new AppError(409, 'link_used', WAIVER_CONFIRM_TEXTS.used, 'token');
    if (!row.confirmExpiresAt || row.confirmExpiresAt <= now) {
      throw new AppError(410, 'link_expired', WAIVER_CONFIRM_TEXTS.expired, 'token');
    }
    await setSubmissionConfirmation(tx, tenant.tenantId, row.id, { confirmedAt: now });
    if (row.formType === 'WAIVER') {
      await updateContactFromForm(tx, tenant.tenantId, row.contactId, { hasSignedWaiverForm: true });
    }
    return { message: WAIVER_CONFIRM_TEXTS.confirmed, formName: row.formName };
  });
}
