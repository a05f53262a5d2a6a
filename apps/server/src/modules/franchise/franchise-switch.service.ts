import { randomUUID } from 'node:crypto';
import type { FranchiseSwitchGrant, FranchiseSwitchResponse } from '@atrium/contracts';
import { type Db, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findContactById } from '../auth/auth.repo.ts';
import { issueRefreshToken, toSessionContact } from '../auth/session.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import { findOwner, findOwnerOf } from './franchise.repo.ts';
import { findFranchise, requireMaster } from './franchise.service.ts';
import { isActiveMasterAdmin } from './master-admin.ts';

export const SWITCH_CODE_SECONDS = 60;
export const SWITCH_EXPIRED = 'This franchise switch has expired. Please try again from the master account.';
const NO_ADMIN = 'This franchise has no active administrator to act as.';

/** Who asked, for which franchise, from which browser. */
export interface SwitchGrant {
  franchiseTenantId: string;
  masterOrgId: string;
  masterAdminId: string;
  ip: string;
  userAgent: string;
}

/** One-time franchise-switch codes: random, kept by their hash, 60 s, single use, for the franchise. */
export class FranchiseSwitchCodes {
  private readonly store: SingleUseStore<SwitchGrant>;

  constructor(db: Db) {
    this.store = new SingleUseStore<SwitchGrant>(db, 'franchise_switch', SWITCH_CODE_SECONDS * 1000);
  }

  async issue(grant: SwitchGrant): Promise<string> {
    const code = newOpaqueToken();
    await this.store.put(grant.franchiseTenantId, code, grant);
    return code;
  }

  /** The grant of an unused, unexpired code issued for this (the host's) tenant. */
  take(tenantId: string, code: string): Promise<SwitchGrant | null> {
    return this.store.take(tenantId, code);
  }
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * GET /rest/tenant/{id}/token (spec 2 §7): the master's admin asks to act as a franchise's admin.
 * The franchise's token is only valid on the franchise's host, so it is not handed to this page:
 * the answer is a one-time code that the franchise host exchanges (exchangeSwitchCode).
 */
export async function issueSwitchCode(
  platform: Platform,
  codes: FranchiseSwitchCodes,
  master: TenantContext,
  auth: AccessClaims,
  franchiseId: string,
  masterAdminId: string | undefined,
  client: ClientInfo,
): Promise<FranchiseSwitchGrant> {
  requireMaster(master);
  // The spec's client sends its own id; the recorded id is always the caller's.
  if (masterAdminId && masterAdminId !== auth.sub) throw forbidden('masterAdminId must be your own id.');
  const row = await findFranchise(platform, master, franchiseId);
  if (!(await findOwnerOf(platform.db, row))) throw new AppError(409, 'franchise_without_admin', NO_ADMIN);
  const code = await codes.issue({
    franchiseTenantId: row.id,
    masterOrgId: master.orgId,
    masterAdminId: auth.sub,
    ...client,
  });
  return {
    code,
    expiresInSeconds: SWITCH_CODE_SECONDS,
    franchise: { orgId: row.orgId, tenantId: row.id, name: row.name, customDomain: row.customDomain },
  };
}

/**
 * POST /public/franchise/switch on the franchise's host: spends the code (this host's tenant, the
 * same browser: IP and user agent), re-checks that the tenant is still a franchise of that master
 * and that the master admin is still an active admin there, then starts a franchise-mode session:
 * the franchise owner's identity with the master admin's id in the `masterAdminId` claim.
 */
export async function exchangeSwitchCode(
  platform: Platform,
  codes: FranchiseSwitchCodes,
  host: TenantContext,
  code: string,
  client: ClientInfo,
): Promise<FranchiseSwitchResponse> {
  const grant = await codes.take(host.tenantId, code);
  if (
    !grant ||
    grant.franchiseTenantId !== host.tenantId ||
    grant.ip !== client.ip ||
    grant.userAgent !== client.userAgent ||
    host.masterOrgId !== grant.masterOrgId ||
    host.orgId === host.masterOrgId
  ) {
    throw unauthorized(SWITCH_EXPIRED);
  }
  if (!(await isActiveMasterAdmin(platform, grant.masterOrgId, grant.masterAdminId)))
    throw unauthorized(SWITCH_EXPIRED);

  const session = await withTenant(platform.db, host.tenantId, async (tx) => {
    const owner = await findOwner(tx, host.tenantId, host.settings.accountOwner);
    const contact = owner ? await findContactById(tx, host.tenantId, owner.id) : null;
    if (!contact) return null;
    const familyId = randomUUID();
    const refresh_token = await issueRefreshToken(
      platform,
      tx,
      host.tenantId,
      contact.id,
      familyId,
      grant.masterAdminId,
    );
    const access_token = await platform.accessTokens.sign({
      sub: contact.id,
      tid: host.tenantId,
      role: contact.role,
      sid: familyId,
      masterAdminId: grant.masterAdminId,
    });
    return { access_token, refresh_token, contact };
  });
  if (!session) throw new AppError(409, 'franchise_without_admin', NO_ADMIN);
  const { config } = await platform.tenantConfigs.get(host);
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    tenant: config,
    contact: toSessionContact(session.contact, host),
    masterOrgId: grant.masterOrgId,
  };
}
