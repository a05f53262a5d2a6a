import {
  EMAIL_CHANGE_ADDRESS_TAKEN,
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGED,
  emailChangeSent,
  type ProfileEmailChange,
  type ProfileEmailConfirm,
  type ProfileResponse,
  type ProfileUpdate,
  SAME_EMAIL,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, withTenant } from '../../db/client.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findContactById } from '../auth/auth.repo.ts';
import { recoveryLimits, tryAgainIn } from '../auth/auth-throttle.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { toSessionContact } from '../auth/session.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import { emailTaken, updateContactRecord } from '../contacts/contact-records.repo.ts';
import { translateUniqueEmail } from '../contacts/contact-records.service.ts';
import { enqueueEmail } from '../mail/outbox.ts';

export const NOT_YOUR_PROFILE = 'You cannot change the profile of an account you are acting as.';

/** A new address waiting for its owner to open the link sent to it. */
interface PendingEmailChange {
  contactId: string;
  /** The address the link was asked from: if it changed meanwhile, the link is stale. */
  from: string;
  to: string;
}

export const pendingEmailChanges = (db: Db) =>
  new SingleUseStore<PendingEmailChange>(db, 'email-change', EMAIL_CHANGE_LINK_HOURS * 60 * 60_000);
export type PendingEmailChanges = ReturnType<typeof pendingEmailChanges>;

/** Student Preview, acting as a member and franchise mode borrow someone else's account. */
export function ownAccountOnly({ auth }: Authenticated): void {
  if (auth.preview || auth.act || auth.masterAdminId) throw forbidden(NOT_YOUR_PROFILE);
}

async function currentContact(db: Db, { tenant, auth }: Authenticated) {
  const contact = await readTenant(db, tenant.tenantId, (tx) => findContactById(tx, tenant.tenantId, auth.sub));
  if (!contact || contact.isSuspended) throw unauthorized();
  return contact;
}

export async function getProfile(platform: Platform, ctx: Authenticated): Promise<ProfileResponse> {
  return { contact: toSessionContact(await currentContact(platform.db, ctx), ctx.tenant) };
}

/** Name and phone change at once. */
export async function updateProfile(
  platform: Platform,
  ctx: Authenticated,
  body: z.output<typeof ProfileUpdate>,
): Promise<ProfileResponse> {
  ownAccountOnly(ctx);
  const { tenant, auth } = ctx;
  const row = await withTenant(platform.db, tenant.tenantId, (tx) =>
    updateContactRecord(tx, tenant.tenantId, auth.sub, { name: body.name, lastName: body.lastName, phone: body.phone }),
  );
  if (!row) throw unauthorized();
  return { contact: toSessionContact(row, tenant) };
}

/**
 * A new email address, asked with the current password: a link goes to the new address, and the
 * address changes only when it is opened there (so a typo or someone at an unlocked screen cannot
 * take the account's sign-in). The answer is the same whether the address is free or taken.
 */
export async function requestEmailChange(
  platform: Platform,
  pending: PendingEmailChanges,
  ctx: Authenticated,
  body: z.output<typeof ProfileEmailChange>,
  origin: string,
  ip: string,
): Promise<{ message: string }> {
  ownAccountOnly(ctx);
  const { tenant } = ctx;
  const contact = await currentContact(platform.db, ctx);
  if (body.email === contact.email) throw badRequest('email', SAME_EMAIL);
  // Counted as a failed login would be, before the slow check, so it cannot be used to guess the password.
  const { wait, attempt } = await platform.throttle.beginLogin(tenant.tenantId, contact.email, ip);
  if (wait > 0) throw tooManyRequests(`Too many attempts. ${tryAgainIn(wait)}`);
  if (!contact.passwordHash || !(await verifyPassword(contact.passwordHash, body.currentPassword))) {
    throw badRequest('currentPassword', 'Your current password is not correct.');
  }
  await platform.throttle.forgetAttempt(tenant.tenantId, attempt);
  // The links mailed are limited as password resets are, per address and per IP.
  const limited = await platform.throttle.take(
    tenant.tenantId,
    'email_change',
    body.email,
    ip,
    recoveryLimits(platform.config),
  );
  if (limited === 0) {
    await withTenant(platform.db, tenant.tenantId, async (tx) => {
      if (await emailTaken(tx, tenant.tenantId, body.email, contact.id)) return;
      const token = newOpaqueToken();
      await pending.putIn(tx, tenant.tenantId, token, { contactId: contact.id, from: contact.email, to: body.email });
      await enqueueEmail(tx, tenant.tenantId, {
        to: body.email,
        subject: `Confirm your new ${tenant.name} email address`,
        text: [
          `Hello ${contact.name},`,
          '',
          `Open this link to make this your email address at ${tenant.name} (it works once, for ${EMAIL_CHANGE_LINK_HOURS} hours):`,
          `${origin}/email/confirm?token=${encodeURIComponent(token)}`,
          '',
          'If you did not ask for this, ignore this email: nothing changes.',
        ].join('\n'),
      });
    });
    await platform.outbox.kick();
  }
  return { message: emailChangeSent(body.email) };
}

/**
 * The page the link opens (signed in or not): the token is taken once, in the transaction that
 * changes the address, and the old address is told. Sessions stay: the password did not change.
 */
export async function confirmEmailChange(
  platform: Platform,
  pending: PendingEmailChanges,
  tenant: TenantContext,
  body: ProfileEmailConfirm,
): Promise<{ message: string }> {
  const outcome = await translateUniqueEmail(() =>
    withTenant(platform.db, tenant.tenantId, async (tx) => {
      const change = await pending.takeIn(tx, tenant.tenantId, body.token);
      if (!change) return 'invalid' as const;
      const contact = await findContactById(tx, tenant.tenantId, change.contactId);
      if (!contact || contact.isSuspended || contact.email !== change.from) return 'invalid' as const;
      if (await emailTaken(tx, tenant.tenantId, change.to, contact.id)) return 'taken' as const;
      await updateContactRecord(tx, tenant.tenantId, contact.id, { email: change.to, isEmailVerified: true });
      await enqueueEmail(tx, tenant.tenantId, {
        to: change.from,
        subject: `Your ${tenant.name} email address was changed`,
        text: [
          `Hello ${contact.name},`,
          '',
          `The email address of your ${tenant.name} account is now ${change.to}. Sign in with it from now on.`,
          `If you did not make this change, contact ${tenant.name} at once.`,
        ].join('\n'),
      });
      return 'changed' as const;
    }),
  );
  if (outcome === 'invalid') throw badRequest('token', EMAIL_CHANGE_LINK_INVALID);
  if (outcome === 'taken') throw badRequest('token', EMAIL_CHANGE_ADDRESS_TAKEN);
  await platform.outbox.kick();
  return { message: EMAIL_CHANGED };
}
