import type {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  ReInitInfoResponse,
  ResetPasswordRequest,
  TokenPair,
} from '@atrium/contracts';
import { isStaffRole } from '@atrium/contracts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { composeSystemEmail } from '../email-templates/system-email.ts';
import { isActiveMasterAdmin } from '../franchise/master-admin.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import {
  type ContactRow,
  claimPasswordReset,
  claimRefreshToken,
  findContactByEmail,
  findContactById,
  findRefreshToken,
  insertPasswordReset,
  isPasswordResetLive,
  recordLogin,
  revokeAllSessions,
  revokeFamily,
  setPasswordHash,
} from './auth.repo.ts';
import { recoveryLimits, tryAgainIn } from './auth-throttle.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { issueRefreshToken, startSession, toSessionContact } from './session.ts';
import { hashToken, masterAdminIdOfRefreshToken, newOpaqueToken } from './tokens.ts';

const INVALID_LOGIN = 'Invalid email or password.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';
const SUSPENDED = 'Your account has been suspended. Please contact your organisation.';
export const FORGOT_PASSWORD_SENT = 'If an account exists for that email, we have sent a link to reset your password.';

/** The tenant hint in a body (tid, orgId) must name the host's tenant when it is given. */
export function matchesTenant(hint: string | null | undefined, tenant: TenantContext): boolean {
  if (!hint) return true;
  const value = hint.trim().toLowerCase();
  return value === tenant.tenantId || value === tenant.orgId;
}

export async function login(
  platform: Platform,
  tenant: TenantContext,
  body: LoginRequest,
  ip: string,
): Promise<LoginResponse> {
  const email = body.userId.trim().toLowerCase();
  // The try is counted as a failure before the password is checked (parallel guesses cannot pass
  // the limit together); a right password turns it into a success below.
  const { wait, attempt } = await platform.throttle.beginLogin(tenant.tenantId, email, ip);
  if (wait > 0) throw tooManyRequests(`Too many login attempts. ${tryAgainIn(wait)}`);

  const contact = matchesTenant(body.tid, tenant)
    ? await withTenant(platform.db, tenant.tenantId, (tx) => findContactByEmail(tx, tenant.tenantId, email))
    : null;
  // Password hashing runs outside any transaction: it is slow on purpose and must not hold the database.
  const valid = contact?.passwordHash
    ? await verifyPassword(contact.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);
  if (!contact || !valid) throw new AppError(401, 'invalid_credentials', INVALID_LOGIN);
  if (contact.isSuspended) {
    // The right password of a suspended account is no guess.
    await platform.throttle.forgetAttempt(tenant.tenantId, attempt);
    throw new AppError(403, 'account_suspended', SUSPENDED);
  }
  await platform.throttle.loginSucceeded(tenant.tenantId, email, ip);

  const tokens = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const pair = await startSession(platform, tx, tenant, contact);
    await recordLogin(tx, tenant.tenantId, contact.id);
    return pair;
  });
  const { config } = await platform.tenantConfigs.get(tenant);
  return { ...tokens, tenant: config, contact: toSessionContact(contact, tenant) };
}

/** Rotates a refresh token. Presenting one that was already used revokes its whole family. */
export async function refreshSession(platform: Platform, tenant: TenantContext, token: string): Promise<TokenPair> {
  // A franchise-mode session ends with its master admin's rights (checked before the refresh's
  // transaction: the master is another tenant, and PGlite runs one transaction at a time).
  const franchiseMaster = masterAdminIdOfRefreshToken(token);
  if (franchiseMaster && !(await isActiveMasterAdmin(platform, tenant.masterOrgId, franchiseMaster))) {
    throw unauthorized(SESSION_ENDED);
  }
  const outcome = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const stored = await findRefreshToken(tx, tenant.tenantId, hashToken(token));
    if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) return null;
    if (stored.usedAt || !(await claimRefreshToken(tx, tenant.tenantId, stored.id))) {
      await revokeFamily(tx, tenant.tenantId, stored.familyId);
      return 'reused' as const;
    }
    const contact = await findContactById(tx, tenant.tenantId, stored.contactId);
    if (!contact || contact.isSuspended) return null;
    // Franchise mode (decisions.md "Franchise") carries the master admin's id through every refresh.
    const masterAdminId = masterAdminIdOfRefreshToken(token);
    const refresh_token = await issueRefreshToken(
      platform,
      tx,
      tenant.tenantId,
      contact.id,
      stored.familyId,
      masterAdminId,
    );
    const access_token = await platform.accessTokens.sign({
      sub: contact.id,
      tid: tenant.tenantId,
      role: contact.role,
      sid: stored.familyId,
      masterAdminId,
    });
    return { access_token, refresh_token };
  });
  if (outcome === 'reused') platform.sessions.forgetTenant(tenant.tenantId);
  if (outcome === null || outcome === 'reused') throw unauthorized(SESSION_ENDED);
  return outcome;
}

export async function logout(platform: Platform, tenant: TenantContext, auth: AccessClaims): Promise<void> {
  await withTenant(platform.db, tenant.tenantId, (tx) => revokeFamily(tx, tenant.tenantId, auth.sid));
  platform.sessions.forgetTenant(tenant.tenantId);
}

/** Session restore on start; preview=true gives staff a student token for Student Preview. */
export async function reInitInfo(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  preview: boolean,
): Promise<ReInitInfoResponse> {
  const contact = await withTenant(platform.db, tenant.tenantId, (tx) =>
    findContactById(tx, tenant.tenantId, auth.sub),
  );
  if (!contact || contact.isSuspended) throw unauthorized(SESSION_ENDED);
  if (preview && !isStaffRole(contact.role)) throw forbidden('Only staff can preview the student portal.');
  const role = preview ? 'student' : contact.role;
  const access_token = await platform.accessTokens.sign({
    sub: contact.id,
    tid: tenant.tenantId,
    role,
    sid: auth.sid,
    preview: preview || undefined,
    masterAdminId: auth.masterAdminId,
    // Acting as a member stays marked as such when the member's session is restored.
    act: auth.act,
  });
  const { config } = await platform.tenantConfigs.get(tenant);
  return {
    access_token,
    refresh_token: null,
    contact: { ...toSessionContact(contact, tenant), role },
    tenant: config,
  };
}

/**
 * Writes a one-time password reset link (valid PASSWORD_RESET_MINUTES) and its email to the outbox,
 * inside the caller's transaction: the forgot-password page, and staff resetting a contact's
 * password (PUT /rest/contact/reset). The caller kicks the outbox after commit.
 */
export async function queuePasswordResetEmail(
  platform: Platform,
  tx: Tx,
  tenant: TenantContext,
  contact: ContactRow,
  origin: string,
): Promise<void> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + platform.config.passwordResetMinutes * 60_000);
  await insertPasswordReset(tx, tenant.tenantId, { contactId: contact.id, tokenHash: hashToken(token), expiresAt });
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  const minutes = String(platform.config.passwordResetMinutes);
  // The tenant's 'Password reset' email template shapes it when there is one (decisions.md "Email templates").
  const email = await composeSystemEmail(
    tx,
    tenant,
    'password_reset',
    contact,
    { resetlink: link, resetminutes: minutes },
    {
      subject: `Reset your ${tenant.name} password`,
      text: [
        `Hello ${contact.name},`,
        '',
        `Someone asked to reset the password of your ${tenant.name} account.`,
        `Open this link to choose a new password (it works once, for ${minutes} minutes):`,
        link,
        '',
        'If it was not you, ignore this email: your password stays as it is.',
      ].join('\n'),
    },
  );
  await enqueueEmail(tx, tenant.tenantId, email);
}

/**
 * The forgot-password form. Its answer is always FORGOT_PASSWORD_SENT and takes the same time
 * whatever the email: only the attempt is counted before answering; the lookup and the email are
 * the returned follow-up, run after the answer. Past the per-address or per-IP limit nothing is sent.
 */
export async function forgotPassword(
  platform: Platform,
  tenant: TenantContext,
  body: ForgotPasswordRequest,
  origin: string,
  ip: string,
): Promise<(() => Promise<void>) | null> {
  if (!matchesTenant(body.orgId, tenant)) return null;
  const wait = await platform.throttle.take(
    tenant.tenantId,
    'forgot_password',
    body.email,
    ip,
    recoveryLimits(platform.config),
  );
  if (wait > 0) return null;
  return async () => {
    const queued = await withTenant(platform.db, tenant.tenantId, async (tx) => {
      const contact = await findContactByEmail(tx, tenant.tenantId, body.email);
      if (!contact || contact.isSuspended) return false;
      await queuePasswordResetEmail(platform, tx, tenant, contact, origin);
      return true;
    });
    // Awaited: the tracked follow-up ends when the email has been handed to the mail server.
    if (queued) await platform.outbox.kick();
  };
}

export async function resetPassword(
  platform: Platform,
  tenant: TenantContext,
  body: ResetPasswordRequest,
  ip: string,
): Promise<void> {
  const invalid = () => badRequest('token', 'This password reset link is invalid or has expired.');
  // A made-up token is refused before the slow hash (argon2 costs ~50 ms of CPU on purpose);
  // the claim below still decides, so a token used meanwhile is refused there.
  const live = await readTenant(platform.db, tenant.tenantId, (tx) =>
    isPasswordResetLive(tx, tenant.tenantId, hashToken(body.token)),
  );
  if (!live) throw invalid();
  const passwordHash = await hashPassword(body.password);
  const email = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const reset = await claimPasswordReset(tx, tenant.tenantId, hashToken(body.token));
    if (!reset) return null;
    await setPasswordHash(tx, tenant.tenantId, reset.contactId, passwordHash);
    await revokeAllSessions(tx, tenant.tenantId, reset.contactId);
    return (await findContactById(tx, tenant.tenantId, reset.contactId))?.email ?? null;
  });
  if (!email) throw invalid();
  platform.sessions.forgetTenant(tenant.tenantId);
  // The mailbox's owner is on this device: its IP is known from now on, so failures from elsewhere
  // cannot keep them out (the account-wide and tenant-wide ceilings skip known IPs).
  await platform.throttle.loginSucceeded(tenant.tenantId, email.toLowerCase(), ip);
}
