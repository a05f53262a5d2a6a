import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_VERIFIED,
  OTP_EXPIRED,
  OTP_MAX_ATTEMPTS,
  OTP_MINUTES,
  OTP_NOT_ACCEPTED,
  OTP_WRONG,
} from '@atrium/contracts';
import { type Tx, withTenant } from '../../db/client.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findContactByEmail, findContactById } from '../auth/auth.repo.ts';
import { type ThrottleLimits, tryAgainIn } from '../auth/auth-throttle.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { mailableContact } from './contact-account.service.ts';
import { lockLatestOtp, markEmailVerified, recordOtpAttempt, replaceOtp } from './contact-otp.repo.ts';

export const NOT_YOUR_EMAIL = 'You cannot verify the email of an account you are acting as.';

/**
 * The stored form of a code: SHA-256 of tenant, contact and code, so a row neither shows the code
 * nor matches another contact's. A leaked row could be brute-forced (a million codes), but the code
 * dies within OTP_MINUTES and after OTP_MAX_ATTEMPTS tries.
 */
export function otpHash(tenantId: string, contactId: string, code: string): Buffer {
  return createHash('sha256').update(`contact-otp:v1:${tenantId}:${contactId}:${code}`).digest();
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes sent and wrong codes, per account and per IP: the login's per-IP number, counted apart from
 * logins so a member's failed codes never slow their sign-in. Per code the database also counts
 * tries; these limits are the backstop against spraying many addresses.
 */
const otpLimits = (platform: Platform): ThrottleLimits => ({
  perAccount: platform.config.loginMaxAttemptsPerIp,
  perIp: platform.config.loginMaxAttemptsPerIp,
});

/**
 * PUT /rest/contact/{id}/otp: emails the contact a 6-digit code valid OTP_MINUTES; earlier unused
 * codes stop working. The same rules as the other account emails (mailableContact: tenant,
 * walk-in, suspended, staff only for admins, 5 emails per 10 minutes).
 */
export async function sendOtp(platform: Platform, caller: Authenticated, id: string, ip: string) {
  const { tenant } = caller;
  const wait = await platform.throttle.take(tenant.tenantId, 'otp_send', id, ip, otpLimits(platform));
  if (wait > 0) throw tooManyRequests(`Too many attempts. ${tryAgainIn(wait)}`);
  const code = newOtpCode();
  const contact = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const contact = await mailableContact(tx, caller, id, 'id');
    await replaceOtp(tx, tenant.tenantId, {
      contactId: contact.id,
      codeHash: otpHash(tenant.tenantId, contact.id, code).toString('hex'),
      expiresAt: new Date(Date.now() + OTP_MINUTES * 60_000),
    });
    await enqueueEmail(tx, tenant.tenantId, {
      to: contact.email,
      subject: `Your ${tenant.name} verification code`,
      text: [
        `Hello ${contact.name},`,
        '',
        `Your code to verify ${contact.email} for ${tenant.name} is:`,
        '',
        code,
        '',
        `It works once, for ${OTP_MINUTES} minutes. Nobody from ${tenant.name} will ask you for it.`,
        'If you did not expect this email, you can ignore it.',
      ].join('\n'),
    });
    return contact;
  });
  void platform.outbox.kick();
  return { message: `Sent a verification code to ${contact.email}.` };
}

/**
 * POST /rest/user/otp: a signed-in member asks for a code to their own address (spec 3 §4: an
 * unverified student waits on the verification state). A borrowed account cannot.
 */
export function sendOwnOtp(platform: Platform, caller: Authenticated, ip: string) {
  const { auth } = caller;
  if (auth.preview || auth.act || auth.masterAdminId) throw forbidden(NOT_YOUR_EMAIL);
  return sendOtp(platform, caller, auth.sub, ip);
}

type OtpOutcome = 'verified' | 'wrong' | 'expired';

/**
 * Checks a code against the contact's newest unused one, in the caller's transaction: every try
 * counts (the row is locked, so parallel guesses cannot share one), a code past its time or its
 * OTP_MAX_ATTEMPTS tries is dead, the comparison is constant-time. Never throws for a wrong code:
 * the counted attempt must be committed.
 */
async function checkCode(tx: Tx, tenantId: string, contactId: string, code: string): Promise<OtpOutcome> {
  const given = otpHash(tenantId, contactId, code);
  const otp = await lockLatestOtp(tx, tenantId, contactId);
  if (!otp) {
    timingSafeEqual(given, given);
    return 'wrong';
  }
  if (otp.attempts >= OTP_MAX_ATTEMPTS || otp.expiresAt.getTime() <= Date.now()) return 'expired';
  const stored = Buffer.from(otp.codeHash, 'hex');
  const right = stored.length === given.length && timingSafeEqual(stored, given);
  await recordOtpAttempt(tx, tenantId, otp.id, right);
  if (!right) return 'wrong';
  await markEmailVerified(tx, tenantId, contactId);
  return 'verified';
}

async function assertAllowed(platform: Platform, tenantId: string, account: string, ip: string) {
  const wait = await platform.throttle.wait(tenantId, 'otp_failed', account, ip, otpLimits(platform));
  if (wait > 0) throw tooManyRequests(`Too many attempts. ${tryAgainIn(wait)}`);
}

/**
 * POST /public/user/verifyOtp {email, code} on the tenant's host. Every failure (unknown or
 * suspended address, no code, wrong, expired or dead code) is the same 400, so the call never
 * tells whether an address belongs to the tenant.
 */
export async function verifyOtpPublic(
  platform: Platform,
  tenant: TenantContext,
  body: { email: string; code: string },
  ip: string,
) {
  await assertAllowed(platform, tenant.tenantId, body.email, ip);
  const outcome = await withTenant(platform.db, tenant.tenantId, async (tx): Promise<OtpOutcome> => {
    const contact = await findContactByEmail(tx, tenant.tenantId, body.email);
    if (!contact || contact.isSuspended || contact.isWalkin) {
      timingSafeEqual(otpHash(tenant.tenantId, tenant.tenantId, body.code), otpHash(tenant.tenantId, '', body.code));
      return 'wrong';
    }
    return checkCode(tx, tenant.tenantId, contact.id, body.code);
  });
  if (outcome !== 'verified') {
    await platform.throttle.record(tenant.tenantId, 'otp_failed', body.email, ip);
    throw badRequest('code', OTP_NOT_ACCEPTED);
  }
  return { message: EMAIL_VERIFIED };
}

/**
 * POST /rest/user/verifyOtp {code}: the signed-in member's own code, with the precise answer
 * (wrong, or expired/dead) since the caller already knows the account.
 */
export async function verifyOtpSignedIn(platform: Platform, { tenant, auth }: Authenticated, code: string, ip: string) {
  // Student Preview, acting as a member and franchise mode borrow someone else's account.
  if (auth.preview || auth.act || auth.masterAdminId) throw forbidden(NOT_YOUR_EMAIL);
  const account = `id:${auth.sub}`;
  await assertAllowed(platform, tenant.tenantId, account, ip);
  const outcome = await withTenant(platform.db, tenant.tenantId, async (tx): Promise<OtpOutcome | null> => {
    const contact = await findContactById(tx, tenant.tenantId, auth.sub);
    if (!contact || contact.isSuspended) return null;
    return checkCode(tx, tenant.tenantId, contact.id, code);
  });
  if (outcome === null) throw unauthorized();
  if (outcome !== 'verified') {
    await platform.throttle.record(tenant.tenantId, 'otp_failed', account, ip);
    throw badRequest('code', outcome === 'expired' ? OTP_EXPIRED : OTP_WRONG);
  }
  return { message: EMAIL_VERIFIED };
}
