import type { MailchimpList } from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { deleteCredential } from './integrations.repo.ts';
import { type Integrations, load, str } from './integrations.service.ts';
import { getMailchimpList, refuseWhileRunning } from './mailchimp.service.ts';

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
  const stored = await load(ctx, tenant.tenantId, 'mailchimp');
  if (!stored || str(stored.pub, 'mcAudienceId') !== id) throw listNotFound();
  refuseWhileRunning(ctx, tenant.tenantId, stored);
  const deleted = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    deleteCredential(tx, tenant.tenantId, 'mailchimp'),
  );
  if (!deleted) throw listNotFound();
  return { message: 'Mailchimp list removed.' };
}
