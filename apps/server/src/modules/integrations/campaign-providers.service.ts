import type { BrevoWrite, CampaignTenant } from '@atrium/contracts';
import type { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { listCredentials } from './integrations.repo.ts';
import { type Integrations, load, save, str, verdict, verificationOf } from './integrations.service.ts';
import { hintOf } from './vault.ts';

// The campaign providers (Brevo): the active one, masked, and saving it.

/** GET /campaign/tenant: the active campaign provider, masked. */
export async function getCampaignTenant(ctx: Integrations, tenant: TenantContext): Promise<CampaignTenant> {
  const rows = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    listCredentials(tx, tenant.tenantId, 'campaign'),
  );
  const active = rows.find((row) => row.isIntegrated) ?? null;
  const brevo = rows.find((row) => row.provider === 'brevo');
  const mailchimp = rows.find((row) => row.provider === 'mailchimp');
  const shown = active ?? brevo ?? null;
  const pub = shown?.publicFields ?? {};
  const mp = mailchimp?.publicFields ?? {};
  return {
    tenant: {
      provider: active ? (active.provider as 'brevo' | 'mailchimp') : null,
      fromName: str(pub, 'fromName'),
      fromEmail: str(pub, 'fromEmail'),
      hasSibApiKey: !!brevo,
      sibApiKeyHint: brevo?.hint ?? '',
      mcAudienceName: str(mp, 'mcAudienceName'),
      mcAudienceId: str(mp, 'mcAudienceId'),
      hasMcApiKey: !!mailchimp,
      mcStatus: str(mp, 'mcStatus') || null,
      ...verificationOf(shown),
    },
  };
}

/** PUT /campaign/tenant/brevo: Brevo becomes the tenant's campaign provider. */
export async function saveBrevo(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof BrevoWrite>,
): Promise<CampaignTenant> {
  const existing = await load(ctx, tenant.tenantId, 'brevo');
  const apiKey = body.sibApiKey || existing?.secrets.sibApiKey || '';
  if (!apiKey) throw badRequest('sibApiKey', 'API Key is required');
  const verification = verdict(
    await ctx.checks.brevo(apiKey),
    'Brevo',
    'sibApiKey',
    'Brevo did not accept the API key.',
  );
  await save(
    ctx,
    tenant.tenantId,
    'campaign',
    'brevo',
    { sibApiKey: apiKey },
    {
      hint: hintOf(apiKey),
      publicFields: { fromName: body.fromName, fromEmail: body.fromEmail },
      isIntegrated: true,
      verification,
    },
    true,
  );
  return getCampaignTenant(ctx, tenant);
}
