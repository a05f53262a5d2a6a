import {
  type ClassPick,
  REGISTRATION_ADDRESS_TAKEN,
  REGISTRATION_CONFIRMED,
  REGISTRATION_LINK_INVALID,
  type RegistrationConfirmed,
  type RegistrationConfirmRequest,
  type RegistrationRequest,
} from '@atrium/contracts';
import { type Db, withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { insertContactRecord } from '../contacts/contact-records.repo.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { newContactNote, notifyStaff } from '../mail/staff-notifications.ts';
import { findContactByEmail } from './auth.repo.ts';
import { matchesTenant } from './auth.service.ts';
import { recoveryLimits } from './auth-throttle.ts';
import { hashPassword } from './passwords.ts';
import { startSession, toSessionContact } from './session.ts';
import { newOpaqueToken } from './tokens.ts';

export const REGISTRATION_SENT = 'Thank you. Check your email: we have sent you a link to finish your registration.';
const LINK_HOURS = 24;

/**
 * What the confirmation creates: the account as it was asked for, without a password (the mailbox's
 * owner chooses it when confirming; values stored before that change may still hold a hash, never read).
 */
interface PendingRegistration {
  email: string;
  name: string;
  lastName: string;
  /** The class picked before registering, handed back at the confirmation. */
  pendingEvent?: ClassPick | null;
}

export const pendingRegistrations = (db: Db) =>
  new SingleUseStore<PendingRegistration>(db, 'registration', LINK_HOURS * 60 * 60_000);
export type PendingRegistrations = ReturnType<typeof pendingRegistrations>;

/**
 * POST /public/user/registration. The answer is the same whether the address is free or taken, so
 * it cannot be used to find out who is a member: a free address gets a link to a page where its
 * owner chooses a password and the account is created, a taken one an email telling its owner to
 * log in or reset their password. The password the spec's body carries is not used: whoever typed
 * the address must not own its account. Only the attempt is counted before the answer; the lookup and
 * the email happen after it (the returned follow-up). Past the per-address or per-IP limit nothing is sent.
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
    pendingEvent: body.pendingEvent ?? null,
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
      const link = `${origin}/register/confirm?token=${encodeURIComponent(token)}`;
      await enqueueEmail(tx, tenant.tenantId, {
        to: request.email,
        subject: `Finish your ${tenant.name} registration`,
        text: [
          `Hello ${request.name},`,
          '',
          `Open this link to choose your password and finish your registration at ${tenant.name} (it works once, for ${LINK_HOURS} hours):`,
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
 * POST /public/user/registration/confirm (the page the emailed link opens): the token is taken once,
 * in the same transaction that creates the student with the password chosen now, and marks the
 * email verified (the link reached it). A used or expired token, or an address taken meanwhile, is
 * a 400 and creates nothing. The device's IP becomes known to the login throttle, as after a reset.
 * The new member is signed in at once (the link proved the mailbox, the password was just chosen),
 * and the class they picked before registering comes back with the session (issue 29).
 */
export async function confirmRegistration(
  platform: Platform,
  pending: PendingRegistrations,
  tenant: TenantContext,
  body: RegistrationConfirmRequest,
  ip: string,
): Promise<RegistrationConfirmed> {
  // A made-up token is refused before the slow hash; the take below still decides.
  if (!(await pending.has(tenant.tenantId, body.token))) throw badRequest('token', REGISTRATION_LINK_INVALID);
  // Hashed before the transaction: argon2 is slow on purpose and must not hold the database.
  const passwordHash = await hashPassword(body.password);
  const outcome = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const request = await pending.takeIn(tx, tenant.tenantId, body.token);
    if (!request) return 'invalid' as const;
    if (await findContactByEmail(tx, tenant.tenantId, request.email)) return 'taken' as const;
    const contact = await insertContactRecord(tx, tenant.tenantId, {
      email: request.email,
      passwordHash,
      name: request.name,
      lastName: request.lastName,
      role: 'student',
      source: 'registration',
      hasAcceptedTerms: true,
      // The link reached this address, so it is verified.
      isEmailVerified: true,
      // A self-registered member shows as unread in the contact list until staff open them.
      isUnread: true,
    });
    await notifyStaff(tx, tenant, 'contacts', newContactNote(contact, 'by signing up'));
    return { contact, request, tokens: await startSession(platform, tx, tenant, contact) };
  });
  if (outcome === 'invalid') throw badRequest('token', REGISTRATION_LINK_INVALID);
  if (outcome === 'taken') throw badRequest('token', REGISTRATION_ADDRESS_TAKEN);
  void platform.outbox.kick();
  await platform.throttle.loginSucceeded(tenant.tenantId, outcome.contact.email.toLowerCase(), ip);
  const { config } = await platform.tenantConfigs.get(tenant);
  return {
    ...outcome.tokens,
    tenant: config,
    contact: toSessionContact(outcome.contact, tenant),
    message: REGISTRATION_CONFIRMED,
    pendingEvent: outcome.request.pendingEvent ?? null,
  };
}
