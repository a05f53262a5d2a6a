import { REDIRECT_NOT_OURS, VERIFICATION_LINK_DAYS, VERIFICATION_SENT } from '@atrium/contracts';
import type { AppConfig } from '../../config.ts';
import { type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { queuePasswordResetEmail } from '../auth/auth.service.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { INVITE_LINK_DAYS } from '../users/users.service.ts';
import { consumeVerification, countLinksSince, insertOneTimeLink, verificationHash } from './contact-account.repo.ts';
import { countOtpsSince } from './contact-otp.repo.ts';
import { assertMayManageLogin } from './contact-permission.ts';
import type { ContactRow } from './contact-records.repo.ts';
import { requireContact } from './contact-records.service.ts';

/** At most this many account emails (credentials, reset, verification link or code) to one contact per window. */
const EMAILS_PER_WINDOW = 5;
const WINDOW_MINUTES = 10;

/**
 * The contact an account email goes to, in the caller's transaction: this tenant's (else 404),
 * not the walk-in (its address cannot receive mail), not suspended, not a staff member unless the
 * caller is an admin, and not mailed too often.
 */
export async function mailableContact(
  tx: Tx,
  { tenant, auth }: Authenticated,
  id: string,
  field: string,
): Promise<ContactRow> {
  const contact = await requireContact(tx, tenant.tenantId, id);
  assertMayManageLogin(auth.role, contact);
  if (contact.isWalkin) throw badRequest(field, 'The walk-in contact has no account.');
  if (contact.isSuspended) throw badRequest(field, "This contact's account is suspended.");
  const since = new Date(Date.now() - WINDOW_MINUTES * 60_000);
  const sent =
    (await countLinksSince(tx, tenant.tenantId, contact.id, since)) +
    (await countOtpsSince(tx, tenant.tenantId, contact.id, since));
  if (sent >= EMAILS_PER_WINDOW) {
    throw new AppError(
      429,
      'too_many_requests',
      `${EMAILS_PER_WINDOW} emails were sent to this contact in the last ${WINDOW_MINUTES} minutes. Please try again later.`,
    );
  }
  return contact;
}

/**
 * POST /rest/message/sendCredentials: a one-time link to set a password (the staff invitation's
 * link, valid 7 days, opening /reset-password). Never a password in an email.
 */
export async function sendCredentials(platform: Platform, caller: Authenticated, id: string, origin: string) {
  const { tenant } = caller;
  const token = newOpaqueToken();
  const contact = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const contact = await mailableContact(tx, caller, id, 'contactId');
    const expiresAt = new Date(Date.now() + INVITE_LINK_DAYS * 86_400_000);
    await insertOneTimeLink(tx, tenant.tenantId, { contactId: contact.id, tokenHash: hashToken(token), expiresAt });
    const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, tenant.tenantId, {
      to: contact.email,
      subject: `Your ${tenant.name} account`,
      text: [
        `Hello ${contact.name},`,
        '',
        `${tenant.name} has set up an account for you.`,
        `Open this link to choose your password (it works once, for ${INVITE_LINK_DAYS} days):`,
        link,
        '',
        `Then sign in at ${origin}/login with ${contact.email}.`,
      ].join('\n'),
    });
    return contact;
  });
  void platform.outbox.kick();
  return { message: `Sent login credentials to ${contact.email}.` };
}

/** PUT /rest/contact/reset: the forgot-password email, triggered by staff for a contact. */
export async function sendPasswordReset(platform: Platform, caller: Authenticated, id: string, origin: string) {
  const { tenant } = caller;
  const contact = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const contact = await mailableContact(tx, caller, id, 'contactId');
    await queuePasswordResetEmail(platform, tx, tenant, contact, origin);
    return contact;
  });
  void platform.outbox.kick();
  return { message: `Sent a password reset email to ${contact.email}.` };
}

/**
 * The verification link's target must be on this tenant's own site: a path (on the tenant's origin),
 * or an http(s) address whose host is the tenant's custom domain or `{orgId}.{product domain}`.
 * Anything else (another tenant, another site) would make the email an open redirect.
 */
export function ownSiteTarget(
  redirectUrl: string,
  config: Pick<AppConfig, 'publicUrl' | 'productDomains'>,
  tenant: TenantContext,
): string | null {
  const origin = tenantOrigin(config, tenant);
  if (/^\/(?![/\\])[^\s]*$/.test(redirectUrl)) return `${origin}${redirectUrl}`;
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const own = new Set([
    new URL(origin).hostname.toLowerCase(),
    ...(tenant.customDomain ? [tenant.customDomain.toLowerCase()] : []),
    ...config.productDomains.map((domain) => `${tenant.orgId}.${domain}`.toLowerCase()),
  ]);
  return own.has(host) ? url.href : null;
}

/**
 * PUT /rest/contact/{id}/verification: emails a one-time link (7 days) that marks the address
 * verified, then leads to `redirectUrl` (checked now and again when the link is opened).
 */
export async function sendVerification(platform: Platform, caller: Authenticated, id: string, redirectUrl: string) {
  const { tenant } = caller;
  const target = ownSiteTarget(redirectUrl, platform.config, tenant);
  if (!target) throw badRequest('redirectUrl', REDIRECT_NOT_OURS);
  const origin = tenantOrigin(platform.config, tenant);
  const token = newOpaqueToken();
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const contact = await mailableContact(tx, caller, id, 'id');
    const expiresAt = new Date(Date.now() + VERIFICATION_LINK_DAYS * 86_400_000);
    await insertOneTimeLink(tx, tenant.tenantId, {
      contactId: contact.id,
      tokenHash: verificationHash(hashToken(token)),
      expiresAt,
    });
    const link = `${origin}/public/user/verifyEmail?token=${encodeURIComponent(token)}&redirectUrl=${encodeURIComponent(target)}`;
    await enqueueEmail(tx, tenant.tenantId, {
      to: contact.email,
      subject: `Verify your email address for ${tenant.name}`,
      text: [
        `Hello ${contact.name},`,
        '',
        `Please confirm that ${contact.email} is your email address for ${tenant.name}.`,
        `Open this link to verify it (it works once, for ${VERIFICATION_LINK_DAYS} days):`,
        link,
        '',
        'If you did not expect this email, you can ignore it.',
      ].join('\n'),
    });
  });
  void platform.outbox.kick();
  return { message: VERIFICATION_SENT };
}

/**
 * GET /public/user/verifyEmail?token=&redirectUrl= (the link in the email): marks the address
 * verified and answers where to send the browser, `verified=1` (or `0` for a used or expired link)
 * added to the target, which must still be on the tenant's own site (else the site's home page).
 */
export async function verifyEmail(
  platform: Platform,
  tenant: TenantContext,
  token: string,
  redirectUrl: string | undefined,
): Promise<string> {
  const done = await withTenant(platform.db, tenant.tenantId, (tx) =>
    consumeVerification(tx, tenant.tenantId, hashToken(token)),
  );
  const target =
    (redirectUrl && ownSiteTarget(redirectUrl, platform.config, tenant)) || `${tenantOrigin(platform.config, tenant)}/`;
  const url = new URL(target);
  url.searchParams.set('verified', done ? '1' : '0');
  return url.href;
}
