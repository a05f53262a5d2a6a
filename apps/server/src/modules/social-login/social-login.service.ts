import type { SocialLoginOrg, SocialLoginRequest, SocialLoginResponse } from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findContactById, recordLogin } from '../auth/auth.repo.ts';
import { startSession, toSessionContact } from '../auth/session.ts';
import type { SocialTokens } from './oidc-sign-in-flow.ts';
import { type FranchiseAccount, findAccountsByEmail, listFranchiseGroup } from './social-login.repo.ts';

export const SOCIAL_TOKEN_INVALID = 'This sign-in link has expired. Please sign in again.';
/** Same words as a suspended password login (auth.service). */
const SUSPENDED = 'Your account has been suspended. Please contact your organisation.';

/** Spec 1 §8: the client shows 'Sorry, {reason}. Please check your email or register for a new account.' */
export function accountNotFound(email: string): AppError {
  return new AppError(404, 'account_not_found', `we could not find an account for ${email}`);
}

function toOrg(account: FranchiseAccount): SocialLoginOrg {
  const { tenant } = account;
  return {
    orgId: tenant.orgId,
    name: tenant.name,
    tenantId: tenant.tenantId,
    logo: tenant.settings.logo,
    customDomain: tenant.customDomain,
  };
}

function matchesOrg(account: FranchiseAccount, orgId: string): boolean {
  const wanted = orgId.trim().toLowerCase();
  return account.tenant.orgId === wanted || account.tenant.tenantId === wanted;
}

/**
 * POST /public/authToken. Spends the social token (single use, this host's tenant, same provider),
 * then looks for accounts with its email in the host's franchise group (the host tenant, its master
 * and the master's other franchises). One active account: logs in there, answered as login is.
 * Several and no orgId: the org list plus a fresh social token to retry with the chosen orgId.
 * The one account in another org of the group: switchOrg, and the client signs in on that org's host.
 */
export async function signInWithSocialToken(
  platform: Platform,
  socialTokens: SocialTokens,
  host: TenantContext,
  body: SocialLoginRequest,
): Promise<SocialLoginResponse> {
  const grant = await socialTokens.consume(host.tenantId, body.accessToken);
  if (!grant || grant.tenantId !== host.tenantId || grant.providerId !== body.authType) {
    throw unauthorized(SOCIAL_TOKEN_INVALID);
  }

  const group = await listFranchiseGroup(platform.db, host.masterOrgId);
  // The host's own org first, then the rest of the group by name.
  group.sort((a, b) => Number(b.tenantId === host.tenantId) - Number(a.tenantId === host.tenantId));
  let accounts = await findAccountsByEmail(platform.db, group, grant.email);
  if (body.orgId) accounts = accounts.filter((account) => matchesOrg(account, body.orgId as string));
  if (accounts.length === 0) throw accountNotFound(grant.email);

  const active = accounts.filter((account) => !account.contact.isSuspended);
  if (active.length === 0) throw new AppError(403, 'account_suspended', SUSPENDED);
  if (active.length > 1) {
    return { orgList: active.map(toOrg), accessToken: await socialTokens.issue(grant) };
  }
  const account = active[0] as FranchiseAccount;
  // A session is only ever created on its own tenant's host: tokens never travel between hosts.
  if (account.tenant.tenantId !== host.tenantId) return { switchOrg: toOrg(account) };
  return logIn(platform, account);
}

async function logIn(platform: Platform, account: FranchiseAccount): Promise<SocialLoginResponse> {
  const { tenant } = account;
  const session = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    // Re-read inside the login transaction: a suspension since the lookup still wins.
    const contact = await findContactById(tx, tenant.tenantId, account.contact.id);
    if (!contact || contact.isSuspended) return null;
    const tokens = await startSession(platform, tx, tenant, contact);
    await recordLogin(tx, tenant.tenantId, contact.id);
    return { tokens, contact };
  });
  if (!session) throw new AppError(403, 'account_suspended', SUSPENDED);
  const { config } = await platform.tenantConfigs.get(tenant);
  return { ...session.tokens, tenant: config, contact: toSessionContact(session.contact, tenant) };
}
