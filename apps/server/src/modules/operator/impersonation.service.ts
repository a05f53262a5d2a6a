import type { ImpersonationInfo } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { operatorAudit } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { Platform } from '../../platform.ts';
import { logout } from '../auth/auth.service.ts';

// The operator acting as a studio's owner (issue 28; docs/decisions/tenancy.md "Impersonation"): the
// session the one-time code starts is marked, on the studio, with who is acting; the admin face shows
// the banner from that mark, and ending it ends the session with an audit line.

/** Who is acting, carried by the one-time code and then marked on the session it starts. */
export interface Impersonator {
  operatorId: string;
  operatorName: string;
  /** The operator's Tenants screen, where ending the session leads back to. */
  returnUrl: string;
}

/** As long as a session can last (its refresh token's life): the mark goes with it. */
const MARK_TTL_MS = 30 * 86_400_000;
const marks = (platform: Platform) =>
  new SingleUseStore<Impersonator>(platform.db, 'operator_impersonation', MARK_TTL_MS);

/** Marks the session (by its id) the code just started, in the exchange's own transaction. */
export async function markImpersonated(
  platform: Platform,
  tx: Tx,
  tenantId: string,
  accessToken: string,
  who: Impersonator,
): Promise<void> {
  const claims = await platform.accessTokens.verify(accessToken);
  if (!claims) throw new Error('The session just started has no valid token.');
  await marks(platform).putIn(tx, tenantId, claims.sid, who);
}

/** GET /rest/operator/impersonation: the banner's words, or null for an ordinary session. */
export async function impersonationOf(platform: Platform, ctx: Authenticated): Promise<ImpersonationInfo | null> {
  const who = await marks(platform).peek(ctx.tenant.tenantId, ctx.auth.sid);
  if (!who) return null;
  return { operatorName: who.operatorName, studioName: ctx.tenant.name, returnUrl: who.returnUrl };
}

/** POST /rest/operator/impersonation/end: the audit line, then the session is over (as a logout). */
export async function endImpersonation(platform: Platform, ctx: Authenticated): Promise<{ returnUrl: string }> {
  const who = await marks(platform).take(ctx.tenant.tenantId, ctx.auth.sid);
  if (!who) throw notFound('Impersonation');
  await platform.db.insert(operatorAudit).values({
    action: 'end_impersonation',
    operatorId: who.operatorId,
    operatorName: who.operatorName,
    targetTenantId: ctx.tenant.tenantId,
    targetOrgId: ctx.tenant.orgId,
  });
  await logout(platform, ctx.tenant, ctx.auth);
  return { returnUrl: who.returnUrl };
}
