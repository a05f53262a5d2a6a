import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_UNLINKED,
  type ConnectedEmailAccount,
  type ConnectProvider,
  EMAIL_PROVIDERS,
  type EmailProvider,
  type MeetingConnection,
  type StripeAccount,
  type StripePublishableKey,
} from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { type Db, withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import {
  type CredentialKind,
  type CredentialRow,
  deleteCredential,
  findCredential,
  findCredentialById,
  listCredentialsByPrefix,
} from './integrations.repo.ts';
import { type Integrations, load, MAILBOX_PREFIX, open, save, str } from './integrations.service.ts';
import { appLabel } from './oauth-clients.ts';
import { syncPaymentProvider } from './payment-keys.service.ts';
import type { PendingConnect } from './pending-connect.ts';
import { hintOf } from './vault.ts';

/**
 * OAuth connections (decisions.md "Integrations: Stripe connect, Mailchimp, Connect Email, Online
 * Meeting"): an admin asks for the provider's authorize URL, the provider sends the browser back
 * to `/authmgr/oauth/callback/{provider}` on the tenant's host, and the code is exchanged once, here.
 */

/** Connections other than payment, SMS and campaign (mailboxes, Zoom): a kind of their own, see decisions. */
export const OAUTH_KIND: CredentialKind = 'oauth';
export const CONNECT_TTL_MS = 10 * 60_000;
export const CONNECT_EXPIRED =
  'This connection attempt has expired or was started in another browser. Please try again.';

export type { PendingConnect };

export const newConnectStore = (db: Db) =>
  new SingleUseStore<PendingConnect>(db, 'integration_connect', CONNECT_TTL_MS);

const isEmailProvider = (provider: string): provider is EmailProvider =>
  (EMAIL_PROVIDERS as readonly string[]).includes(provider);

const labelOf = (provider: ConnectProvider) => (provider === 'stripe' ? 'Stripe' : appLabel(provider));

/** GET /authmgr/oauth/connect/{providerName}: the provider's authorize URL, with a single-use state. */
export async function startConnect(
  ctx: Integrations,
  auth: Authenticated,
  provider: ConnectProvider,
  input: { isShareAccount: boolean; email?: string; origin: string },
): Promise<{ url: string; state: string }> {
  const configured = provider === 'stripe' ? ctx.stripeConnect.configured : ctx.oauth.configured(provider);
  if (!configured) throw badRequest('providerName', `${labelOf(provider)} is not configured on this platform.`);
  const state = randomBytes(32).toString('base64url');
  const redirectUri = `${input.origin}/authmgr/oauth/callback/${provider}`;
  await ctx.connects.put(auth.tenant.tenantId, state, {
    tenantId: auth.tenant.tenantId,
    userId: auth.auth.sub,
    provider,
    isShareAccount: isEmailProvider(provider) && input.isShareAccount,
    email: input.email?.toLowerCase() ?? null,
    redirectUri,
  });
  const url =
    provider === 'stripe'
      ? ctx.stripeConnect.authorizeUrl({ state, redirectUri })
      : ctx.oauth.authorizeUrl(provider, { state, redirectUri, loginHint: input.email });
  return { url, state };
}

/** Where the browser lands after the provider: the screen of that connection, with the result. */
export function landing(provider: ConnectProvider, ok: boolean, message = ''): string {
  const path =
    provider === 'stripe'
      ? '/settings/integrations/paymentprovider/success'
      : provider === 'zoom'
        ? '/oauth/omeeting'
        : '/settings/integrations/emails';
  const query = new URLSearchParams({ result: ok ? 'success' : 'fail' });
  if (message) query.set('message', message);
  return `${path}?${query.toString()}`;
}

export interface CallbackInput {
  state: string;
  code?: string;
  error?: string;
  cookieState: string | null;
}

/** The callback: checks the state (single use, this tenant, this provider, this browser), exchanges the code once. */
export async function finishConnect(
  ctx: Integrations,
  tenant: TenantContext,
  provider: ConnectProvider,
  input: CallbackInput,
): Promise<string> {
  const pending = await ctx.connects.take(tenant.tenantId, input.state);
  if (
    !pending ||
    pending.tenantId !== tenant.tenantId ||
    pending.provider !== provider ||
    input.cookieState !== input.state
  ) {
    return landing(provider, false, CONNECT_EXPIRED);
  }
  if (input.error || !input.code)
    return landing(provider, false, `The connection was cancelled at ${labelOf(provider)}.`);
  if (provider === 'stripe') return finishStripe(ctx, tenant, input.code);
  const exchanged = await ctx.oauth.exchange(provider, input.code, pending.redirectUri);
  if (exchanged.outcome !== 'ok') {
    const why = exchanged.outcome === 'refused' ? 'did not accept the authorization' : 'could not be reached';
    return landing(provider, false, `${labelOf(provider)} ${why}; nothing was connected.`);
  }
  const { tokens } = exchanged;
  const secrets = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  const expiresAt = tokens.expiresIn ? new Date(Date.now() + tokens.expiresIn * 1000).toISOString() : null;
  const connected = {
    isVerified: true,
    verifyMessage: `${labelOf(provider)} authorized the connection.`,
    verifiedAt: new Date(),
  };
  /** Keeps the tokens under `key`, connected, with what the settings show of it; answers the landing. */
  const keep = async (key: string, shown: Record<string, unknown>) => {
    await save(
      ctx,
      tenant.tenantId,
      OAUTH_KIND,
      key,
      secrets,
      {
        hint: '',
        publicFields: { ...shown, scope: tokens.scope, expiresAt },
        isIntegrated: true,
        verification: connected,
      },
      false,
    );
    return landing(provider, true);
  };
  if (provider === 'zoom') {
    const user = await ctx.oauth.zoomUser(tokens.accessToken);
    return keep('zoom', {
      productName: 'zoom',
      email: user?.email ?? '',
      zoomUserId: user?.id ?? '',
      connectedBy: pending.userId,
    });
  }
  const email = tokens.idTokenEmail ?? pending.email;
  if (!email)
    return landing(provider, false, `${labelOf(provider)} did not name the mailbox; enter its address and try again.`);
  return keep(mailboxKey(pending.userId, email), {
    productName: provider,
    email,
    userId: pending.userId,
    isShareAccount: pending.isShareAccount,
  });
}

/** One vault row per person and mailbox: `mail:{userId}:{address}` (unique per tenant, like every provider key). */
export const mailboxKey = (userId: string, email: string) => `${MAILBOX_PREFIX}${userId}:${email.toLowerCase()}`;

async function finishStripe(ctx: Integrations, tenant: TenantContext, code: string): Promise<string> {
  const exchanged = await ctx.stripeConnect.exchange(code);
  if (!exchanged.ok) return landing('stripe', false, exchanged.message);
  const t = exchanged.value;
  const existing = await load(ctx, tenant.tenantId, 'stripe');
  const live = t.livemode;
  const secrets = {
    ...existing?.secrets,
    [live ? 'secretKey' : 'testSecretKey']: t.accessToken,
    refreshToken: t.refreshToken,
  };
  const pub = existing?.pub ?? {};
  const h = (pub.hints && typeof pub.hints === 'object' ? pub.hints : {}) as Record<string, string>;
  await save(
    ctx,
    tenant.tenantId,
    'payment',
    'stripe',
    secrets,
    {
      hint: hintOf(t.accessToken),
      publicFields: {
        ...pub,
        [live ? 'apiKey' : 'testApiKey']: t.publishableKey,
        stripeUserId: t.stripeUserId,
        livemode: live,
        connectedAt: new Date().toISOString(),
        hints: { ...h, [live ? 'secretKey' : 'testSecretKey']: hintOf(t.accessToken) },
      },
      isIntegrated: true,
      isTestMode: !live,
      verification: {
        isVerified: true,
        verifyMessage: `Stripe connected account ${t.stripeUserId}.`,
        verifiedAt: new Date(),
      },
    },
    false,
  );
  await syncPaymentProvider(ctx, tenant, 'stripe', true);
  return landing('stripe', true);
}

// ---------------------------------------------------------------- Stripe account

async function connectedStripe(ctx: Integrations, tenant: TenantContext) {
  const stored = await load(ctx, tenant.tenantId, 'stripe');
  const stripeUserId = stored ? str(stored.pub, 'stripeUserId') : '';
  return stored && stripeUserId ? { stored, stripeUserId } : null;
}

const stripeFailure = (status: number, message: string) =>
  new AppError(status >= 500 ? 502 : 400, status >= 500 ? 'provider_unreachable' : 'provider_refused', message);

/** GET /item/stripe/account: the connected account, read from Stripe. */
export async function stripeAccount(ctx: Integrations, tenant: TenantContext): Promise<StripeAccount> {
  const connected = await connectedStripe(ctx, tenant);
  if (!connected) {
    return { connected: false, stripeUserId: '', livemode: false, isProviderIntegrated: false, account: null };
  }
  const { stored, stripeUserId } = connected;
  const base = {
    connected: true,
    stripeUserId,
    livemode: stored.pub.livemode === true,
    isProviderIntegrated: stored.row.isIntegrated,
  };
  if (!ctx.stripeConnect.configured) return { ...base, account: null };
  const result = await ctx.stripeConnect.account(stripeUserId);
  if (!result.ok) throw stripeFailure(result.status, result.message);
  const a = result.value;
  return {
    ...base,
    account: {
      email: a.email ?? '',
      businessName: a.business_profile?.name ?? a.settings?.dashboard?.display_name ?? '',
      country: a.country ?? '',
      defaultCurrency: a.default_currency ?? '',
      chargesEnabled: a.charges_enabled ?? false,
      payoutsEnabled: a.payouts_enabled ?? false,
      detailsSubmitted: a.details_submitted ?? false,
    },
  };
}

/** GET /item/stripe/loginlink: a single-use Express dashboard link. */
export async function stripeLoginLink(ctx: Integrations, tenant: TenantContext): Promise<{ url: string }> {
  const connected = await connectedStripe(ctx, tenant);
  if (!connected) throw notFound('Stripe account');
  if (!ctx.stripeConnect.configured) throw badRequest('providerName', 'Stripe is not configured on this platform.');
  const result = await ctx.stripeConnect.loginLink(connected.stripeUserId);
  if (!result.ok) throw stripeFailure(result.status, result.message);
  return { url: result.value };
}

/** GET /item/payment/key/stripe: the publishable key of the mode in use. */
export async function stripePublishableKey(ctx: Integrations, tenant: TenantContext): Promise<StripePublishableKey> {
  const stored = await load(ctx, tenant.tenantId, 'stripe');
  if (!stored) throw notFound('Stripe key');
  const test = stored.row.isTestMode;
  return { stripePublishableKey: str(stored.pub, test ? 'testApiKey' : 'apiKey'), isTestMode: test };
}

/** DELETE /item/stripe/account: Stripe is told (best effort), the keys are removed, the payment provider follows. */
export async function disconnectStripe(ctx: Integrations, tenant: TenantContext): Promise<{ message: string }> {
  const connected = await connectedStripe(ctx, tenant);
  if (!connected) throw notFound('Stripe account');
  if (ctx.stripeConnect.configured) await ctx.stripeConnect.deauthorize(connected.stripeUserId);
  await withTenant(ctx.platform.db, tenant.tenantId, (tx) => deleteCredential(tx, tenant.tenantId, 'stripe'));
  await syncPaymentProvider(ctx, tenant, 'stripe', false);
  return { message: 'Stripe disconnected.' };
}

// ---------------------------------------------------------------- mailboxes

const visibleTo = (row: CredentialRow, userId: string) =>
  row.publicFields.userId === userId || row.publicFields.isShareAccount === true;

/** GET /authmgr/oauth/accounts: the asker's mailboxes and the ones others shared. */
export async function listMailboxes(
  ctx: Integrations,
  auth: Authenticated,
): Promise<{ data: ConnectedEmailAccount[] }> {
  const tenantId = auth.tenant.tenantId;
  const { rows, people } = await withTenant(ctx.platform.db, tenantId, async (tx) => {
    const rows = (await listCredentialsByPrefix(tx, tenantId, MAILBOX_PREFIX)).filter((row) =>
      visibleTo(row, auth.auth.sub),
    );
    const ids = [...new Set(rows.map((row) => String(row.publicFields.userId)))];
    const people = ids.length
      ? await tx
          .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName })
          .from(contacts)
          .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)))
      : [];
    return { rows, people };
  });
  const names = new Map(people.map((p) => [p.id, `${p.name} ${p.lastName}`.trim()]));
  return {
    data: rows.map((row) => {
      const pub = row.publicFields;
      const product = str(pub, 'productName');
      return {
        _id: row.id,
        productName: (isEmailProvider(product) ? product : 'googlemail') as EmailProvider,
        email: str(pub, 'email'),
        userName: names.get(String(pub.userId)) ?? '',
        isShareAccount: pub.isShareAccount === true,
        isOwn: pub.userId === auth.auth.sub,
        connectedAt: row.createdAt.toISOString(),
      };
    }),
  };
}

/** DELETE /authmgr/oauth/accounts/{id}: unlinks (deletes the tokens of) a mailbox the asker can see. */
export async function revokeMailbox(ctx: Integrations, auth: Authenticated, id: string): Promise<{ message: string }> {
  const tenantId = auth.tenant.tenantId;
  const deleted = await withTenant(ctx.platform.db, tenantId, async (tx) => {
    const row = await findCredentialById(tx, tenantId, id);
    if (!row?.provider.startsWith(MAILBOX_PREFIX) || !visibleTo(row, auth.auth.sub)) return false;
    return deleteCredential(tx, tenantId, row.provider);
  });
  if (!deleted) throw notFound('Email account');
  return { message: ACCOUNT_UNLINKED };
}

// ---------------------------------------------------------------- online meeting

/** GET /authmgr/oauth/meeting: the Zoom connection (spec 2 §4 integrated indicator). */
export async function meetingConnection(ctx: Integrations, tenant: TenantContext): Promise<MeetingConnection> {
  const row = await withTenant(ctx.platform.db, tenant.tenantId, (tx) => findCredential(tx, tenant.tenantId, 'zoom'));
  if (!row?.isIntegrated) return { connected: false, productName: null, email: '', connectedAt: null };
  return {
    connected: true,
    productName: 'zoom',
    email: str(open(ctx, row).pub, 'email'),
    connectedAt: row.updatedAt.toISOString(),
  };
}

/** DELETE /authmgr/oauth/meeting: forgets the Zoom tokens. */
export async function disconnectMeeting(ctx: Integrations, tenant: TenantContext): Promise<{ message: string }> {
  const deleted = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    deleteCredential(tx, tenant.tenantId, 'zoom'),
  );
  if (!deleted) throw notFound('Zoom connection');
  return { message: 'Zoom disconnected.' };
}
