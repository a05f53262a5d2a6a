import type { RegistrationRequest } from '@atrium/contracts';
import { type Db, withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { findContactByEmail, insertContact } from './auth.repo.ts';
import { matchesTenant } from './auth.service.ts';
import { recoveryLimits } from './auth-throttle.ts';
import { hashPassword } from './passwords.ts';
import { newOpaqueToken } from './tokens.ts';

export const REGISTRATION_SENT = 'Thank you. Check your email: we have sent you a link to finish your registration.';
const LINK_HOURS = 24;

/** What the confirmation link creates: the account as it was asked for, password already hashed. */
interface PendingRegistration {
  email: string;
  name: string;
  lastName: string;
  passwordHash: string;
}

export const pendingRegistrations = (db: Db) =>
  new SingleUseStore<PendingRegistration>(db, 'registration', LINK_HOURS * 60 * 60_000);
export type PendingRegistrations = ReturnType<typeof pendingRegistrations>;

/**
 * POST /public/user/registration. The answer is the same whether the address is free or taken, so
 * it cannot be used to find out who is a member: a free address gets a link that creates the
 * account, a taken one an email telling its owner to log in or reset their password. The password
 * is hashed and the attempt counted either way; the lookup and the email happen after the answer
 * (the returned follow-up). Past the per-address or per-IP limit nothing is sent.
 */
export async function register(
  platform: Platform,
  pending: PendingRegistrations,
  tenant: TenantContext,
  body: RegistrationRequest,
  origin: string,
  ip: string,
): Promise<(() => Promise<void>) | null> {
  if (!matchesTenant(body.orgId, tenant)) throw badRequest('orgId', 'orgId does not match this organisation.');
  const passwordHash = await hashPassword(body.password);
  const wait = await platform.throttle.take(
    tenant.tenantId,
    'register',
    body.email,
    ip,
    recoveryLimits(platform.config),
  );
  if (wait > 0) return null;
  const request: PendingRegistration = {
    email: body.email,
    name: body.name,
    lastName: body.lastName ?? '',
    passwordHash,
  };
  return async () => {
    await withTenant(platform.db, tenant.tenantId, async (tx) => {
      const owner = await findContactByEmail(tx, tenant.tenantId, request.email);
      if (owner) {
        if (owner.isSuspended) return;
        await enqueueEmail(tx, tenant.tenantId, {
          to: owner.email,
          subject: `Someone tried to register with your ${tenant.name} address`,
          text: [
            `Hello ${owner.name},`,
            '',
            `Someone (maybe you) tried to register at ${tenant.name} with this email address, which already has an account.`,
            `If it was you, log in at ${origin}/login, or choose a new password at ${origin}/forgot-password.`,
            'If it was not you, you can ignore this email: nothing has changed.',
          ].join('\n'),
        });
        return;
      }
      const token = newOpaqueToken();
      await pending.putIn(tx, tenant.tenantId, token, request);
      const link = `${origin}/public/user/registration/confirm?token=${encodeURIComponent(token)}`;
      await enqueueEmail(tx, tenant.tenantId, {
        to: request.email,
        subject: `Finish your ${tenant.name} registration`,
        text: [
          `Hello ${request.name},`,
          '',
          `Open this link to finish your registration at ${tenant.name} (it works once, for ${LINK_HOURS} hours):`,
          link,
          '',
          'If you did not register, ignore this email: no account is created.',
        ].join('\n'),
      });
    });
    await platform.outbox.kick();
  };
}

/**
 * GET /public/user/registration/confirm?token= (the link in the email): creates the student and
 * answers where to send the browser: the login page, `registered=1`, or `registered=0` for a used
 * or expired link or an address taken in the meantime.
 */
export async function confirmRegistration(
  platform: Platform,
  pending: PendingRegistrations,
  tenant: TenantContext,
  token: string,
): Promise<string> {
  const request = await pending.take(tenant.tenantId, token);
  if (!request) return '/login?registered=0';
  const created = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (await findContactByEmail(tx, tenant.tenantId, request.email)) return false;
    await insertContact(tx, tenant.tenantId, {
      email: request.email,
      passwordHash: request.passwordHash,
      name: request.name,
      lastName: request.lastName,
      role: 'student',
      hasAcceptedTerms: true,
      // The link reached this address, so it is verified.
      isEmailVerified: true,
      // A self-registered member shows as unread in the contact list until staff open them.
      isUnread: true,
    });
    return true;
  });
  return `/login?registered=${created ? 1 : 0}`;
}
