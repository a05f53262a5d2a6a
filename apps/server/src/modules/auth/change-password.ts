import { type ChangePasswordRequest, PASSWORD_CHANGED, WRONG_CURRENT_PASSWORD } from '@atrium/contracts';
import type { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { findContactById, revokeOtherSessions, setPasswordHash } from './auth.repo.ts';
import { tryAgainIn } from './auth-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const NOT_YOUR_ACCOUNT = 'You cannot change the password of an account you are acting as.';
export const NO_PASSWORD_YET = 'This account has no password yet. Use "Forgot password" on the login page to set one.';
export const SAME_PASSWORD = 'The new password must be different from the current one.';

/**
 * POST /rest/user/changePassword: the signed-in user changes their own password with the current
 * one. Wrong guesses count against the login limit of the account (so a stolen access token is no
 * way round it). Every other login session of the user ends; this one stays signed in.
 */
export async function changePassword(
  platform: Platform,
  { tenant, auth }: Authenticated,
  body: z.output<typeof ChangePasswordRequest>,
  ip: string,
): Promise<{ message: string }> {
  // Student Preview, acting as a member and franchise mode borrow someone else's account.
  if (auth.preview || auth.act || auth.masterAdminId) throw forbidden(NOT_YOUR_ACCOUNT);
  const contact = await withTenant(platform.db, tenant.tenantId, (tx) =>
    findContactById(tx, tenant.tenantId, auth.sub),
  );
  if (!contact || contact.isSuspended) throw unauthorized();
  // Counted as a failure before the check, as a login is (parallel guesses cannot pass the limit
  // together), and taken back when the current password is right or there is none to guess.
  const { wait, attempt } = await platform.throttle.beginLogin(tenant.tenantId, contact.email, ip);
  if (wait > 0) throw tooManyRequests(`Too many attempts. ${tryAgainIn(wait)}`);
  if (!contact.passwordHash) {
    await platform.throttle.forgetAttempt(tenant.tenantId, attempt);
    throw badRequest('currentPassword', NO_PASSWORD_YET);
  }
  // argon2 runs outside any transaction: it is slow on purpose.
  if (!(await verifyPassword(contact.passwordHash, body.currentPassword))) {
    throw badRequest('currentPassword', WRONG_CURRENT_PASSWORD);
  }
  await platform.throttle.forgetAttempt(tenant.tenantId, attempt);
  if (body.newPassword === body.currentPassword) throw badRequest('newPassword', SAME_PASSWORD);
  const passwordHash = await hashPassword(body.newPassword);
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    await setPasswordHash(tx, tenant.tenantId, contact.id, passwordHash);
    await revokeOtherSessions(tx, tenant.tenantId, contact.id, auth.sid);
  });
  platform.sessions.forgetTenant(tenant.tenantId);
  return { message: PASSWORD_CHANGED };
}
