import {
  type PlivoWrite,
  SMS_PAGE_SIZE_DEFAULT,
  SMS_PAGE_WAIT_MINUTES_DEFAULT,
  type SmsTenant,
  type TwilioWrite,
  twilioSender,
} from '@atrium/contracts';
import type { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { listCredentials } from './integrations.repo.ts';
import { type Integrations, load, num, save, str, verdict, verificationOf } from './integrations.service.ts';
import { hintOf } from './vault.ts';

// The SMS providers (Twilio, Plivo): the active one with its settings, masked, and saving either.

/** GET /sms/tenant: the active provider with its settings, masked; both providers' ids. */
export async function getSmsTenant(ctx: Integrations, tenant: TenantContext): Promise<SmsTenant> {
  const rows = await withTenant(ctx.platform.db, tenant.tenantId, (tx) => listCredentials(tx, tenant.tenantId, 'sms'));
  const twilio = rows.find((row) => row.provider === 'twilio');
  const plivo = rows.find((row) => row.provider === 'plivo');
  const active = rows.find((row) => row.isIntegrated) ?? null;
  const provider = active ? (active.provider as 'twilio' | 'plivo') : null;
  const shared = active ?? twilio ?? plivo ?? null;
  const sp = shared?.publicFields ?? {};
  const tp = twilio?.publicFields ?? {};
  const pp = plivo?.publicFields ?? {};
  const plivoSenderId = str(pp, 'plivoSenderId');
  return {
    tenant: {
      provider,
      twilioSid: str(tp, 'twilioSid'),
      // Spec 2 §3: with Plivo, its sender id is read back as twilioPhone.
      twilioPhone: provider === 'plivo' ? plivoSenderId : str(tp, 'twilioPhone'),
      twilioMesagingId: str(tp, 'twilioMesagingId'),
      hasTwilioToken: !!twilio,
      twilioTokenHint: twilio?.hint ?? '',
      plivoAuthId: str(pp, 'plivoAuthId'),
      plivoSenderId,
      hasPlivoAuthToken: !!plivo,
      plivoAuthTokenHint: plivo?.hint ?? '',
      adminPhone: str(sp, 'adminPhone'),
      footer: str(sp, 'footer'),
      pageSize: num(sp, 'pageSize', SMS_PAGE_SIZE_DEFAULT),
      pageWaitTime: num(sp, 'pageWaitTime', SMS_PAGE_WAIT_MINUTES_DEFAULT),
      ...verificationOf(active),
    },
  };
}

/** PUT /sms/tenant/twilio: Twilio becomes the tenant's SMS provider. */
export async function saveTwilio(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof TwilioWrite>,
): Promise<SmsTenant> {
  const existing = await load(ctx, tenant.tenantId, 'twilio');
  const token = body.twilioToken || existing?.secrets.twilioToken || '';
  if (!token) throw badRequest('twilioToken', 'Auth Token is required');
  const sender = twilioSender(body.twilioPhone, body.twilioMesagingId);
  if (!sender.twilioPhone && !sender.twilioMesagingId) {
    throw badRequest('twilioPhone', 'Phone number or Messaging Service ID is required');
  }
  const verification = verdict(
    await ctx.checks.twilio(body.twilioSid, token),
    'Twilio',
    'twilioToken',
    'Twilio did not accept the Account SID and Auth Token.',
  );
  const fields = { twilioSid: body.twilioSid, ...sender };
  return saveActive(ctx, tenant, 'twilio', { twilioToken: token }, token, fields, body, verification);
}

/** PUT /sms/tenant/plivo: Plivo becomes the tenant's SMS provider. */
export async function savePlivo(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof PlivoWrite>,
): Promise<SmsTenant> {
  const existing = await load(ctx, tenant.tenantId, 'plivo');
  const token = body.plivoAuthToken || existing?.secrets.plivoAuthToken || '';
  if (!token) throw badRequest('plivoAuthToken', 'Auth Token is required');
  const verification = verdict(
    await ctx.checks.plivo(body.plivoAuthId, token),
    'Plivo',
    'plivoAuthToken',
    'Plivo did not accept the Auth ID and Auth Token.',
  );
  const fields = { plivoAuthId: body.plivoAuthId, plivoSenderId: body.plivoSenderId };
  return saveActive(ctx, tenant, 'plivo', { plivoAuthToken: token }, token, fields, body, verification);
}

/**
 * Saves a provider as the tenant's active one: its secret, its own fields and the settings either
 * provider has (admin phone, footer, paging); answers the tenant's SMS settings as read back.
 */
async function saveActive(
  ctx: Integrations,
  tenant: TenantContext,
  provider: 'twilio' | 'plivo',
  secrets: Record<string, string>,
  token: string,
  fields: Record<string, string>,
  shared: Pick<z.output<typeof TwilioWrite>, 'adminPhone' | 'footer' | 'pageSize' | 'pageWaitTime'>,
  verification: ReturnType<typeof verdict>,
): Promise<SmsTenant> {
  await save(
    ctx,
    tenant.tenantId,
    'sms',
    provider,
    secrets,
    {
      hint: hintOf(token),
      publicFields: {
        ...fields,
        adminPhone: shared.adminPhone,
        footer: shared.footer,
        pageSize: shared.pageSize,
        pageWaitTime: shared.pageWaitTime,
      },
      isIntegrated: true,
      verification,
    },
    true,
  );
  return getSmsTenant(ctx, tenant);
}
