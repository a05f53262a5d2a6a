import { randomUUID } from 'node:crypto';
import type { SessionContact, TokenPair } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { type ContactRow, insertRefreshToken } from './auth.repo.ts';
import { hashToken, newRefreshToken } from './tokens.ts';

export function toSessionContact(contact: ContactRow, tenant: TenantContext): SessionContact {
  return {
    guId: contact.id,
    email: contact.email,
    name: contact.name,
    lastName: contact.lastName,
    fullName: [contact.name, contact.lastName].filter(Boolean).join(' '),
    phone: contact.phone,
    role: contact.role,
    picture: contact.picture,
    orgId: tenant.orgId,
    isNewClient: contact.lastLoginAt === null,
    isNewTenant: tenant.settings.isNewTenant,
    hasAcceptedTerms: contact.hasAcceptedTerms,
    isFirstLogin: contact.isFirstLogin,
    isEmailVerified: contact.isEmailVerified,
    isAdminVerified: contact.isAdminVerified,
  };
}

/** Writes a refresh token into the given family (a new family is a new login session). */
export async function issueRefreshToken(
  platform: Platform,
  tx: Tx,
  tenantId: string,
  contactId: string,
  familyId: string,
  masterAdminId?: string,
): Promise<string> {
  const token = newRefreshToken(masterAdminId);
  const expiresAt = new Date(Date.now() + platform.config.refreshTokenDays * 86_400_000);
  await insertRefreshToken(tx, tenantId, { contactId, familyId, tokenHash: hashToken(token), expiresAt });
  return token;
}

/** A new login session: a refresh-token family and an access token bound to it. */
export async function startSession(
  platform: Platform,
  tx: Tx,
  tenant: TenantContext,
  contact: ContactRow,
): Promise<TokenPair> {
  const familyId = randomUUID();
  const refresh_token = await issueRefreshToken(platform, tx, tenant.tenantId, contact.id, familyId);
  const access_token = await platform.accessTokens.sign({
    sub: contact.id,
    tid: tenant.tenantId,
    role: contact.role,
    sid: familyId,
  });
  return { access_token, refresh_token };
}
