import { type MailchimpList, RESYNC_IN_PROGRESS } from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { deleteCredential } from './integrations.repo.ts';
import type { Integrations } from './integrations.service.ts';
import { getMailchimpList } from './mailchimp.service.ts';

/**
 * Spec 2 §7 "Mailing list service" (/rest/mailingList): the same Mailchimp list the
 * /campaign/tenant/mailchimp calls keep (one audience per tenant). `{id}` is the audience id; one
 * that is not this tenant's list is a 404, whoever's it is.
 */
const listNotFound = () => notFound('Mailchimp list');

/** GET /rest/mailingList/{id}: the list data when {id} is this tenant's audience. */
export async function getMailingList(ctx: Integrations, tenant: TenantContext, id: string): Promise<MailchimpList> {
  const list = await getMailchimpList(ctx, tenant);
  if (!list.data.listId || list.data.listId !== id) throw listNotFound();
  return list;
}

/**
 * DELETE /rest/mailingList/{id}: forgets the audience and its key here (Mailchimp stops being the
 * campaign provider); the audience and its contacts stay at Mailchimp. Not while a resync runs (409).
 */
export async function deleteMailingList(
  ctx: Integrations,
  tenant: TenantContext,
  id: string,
): Promise<{ message: string }> {
  // The list data as the screen reads it (its status reads a stalled resync as failed).
  const { data } = await getMailchimpList(ctx, tenant);
  if (!data.listId || data.listId !== id) throw listNotFound();
  if (data.status === 'in_progress') throw new AppError(409, 'conflict', RESYNC_IN_PROGRESS);
  const deleted = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    deleteCredential(tx, tenant.tenantId, 'mailchimp'),
  );
  if (!deleted) throw listNotFound();
  return { message: 'Mailchimp list removed.' };
}
