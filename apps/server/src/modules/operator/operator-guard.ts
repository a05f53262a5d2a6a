import { isStaffRole, SUSPENDED_NOTICE } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Authenticated, requireStaff, requireTenant } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';

/**
 * The platform operator (issue 28; docs/decisions/tenancy.md "The platform operator"): the master
 * tenant named by OPERATOR_ORG_ID. Every studio that signs up is a master of itself (spec 1 §1), so
 * being a master is not enough to see the platform's plans and tenants.
 */
export function isOperatorTenant(config: Pick<AppConfig, 'operatorOrgId'>, tenant: TenantContext | null): boolean {
  return (
    tenant !== null &&
    config.operatorOrgId !== null &&
    tenant.orgId === config.operatorOrgId &&
    tenant.orgId === tenant.masterOrgId
  );
}

/** On any other tenant the operator's calls do not exist (404); on the operator, admins only. */
export function requireOperator(request: FastifyRequest, config: Pick<AppConfig, 'operatorOrgId'>): Authenticated {
  const tenant = requireTenant(request);
  if (!isOperatorTenant(config, tenant)) throw notFound('Page');
  return requireStaff(request, 'admin');
}

/** The operator's public pages (/tplan): on the operator's site only. */
export function requireOperatorSite(request: FastifyRequest, config: Pick<AppConfig, 'operatorOrgId'>): TenantContext {
  const tenant = requireTenant(request);
  if (!isOperatorTenant(config, tenant)) throw notFound('Page');
  return tenant;
}

/** What a visitor or member may still send to a suspended studio: signing in and out, a new password. */
const OPEN_WHEN_SUSPENDED = new Set([
  '/login',
  '/refresh-access-token',
  '/app/logout',
  '/rest/user/forgotPassword',
  '/public/user/resetPassword',
  '/public/studio/welcome',
]);

/**
 * A suspended studio (issue 28): its site shows the notice (ping's isSuspended); nothing but its
 * staff writes there (no booking, purchase, sign-up or form), so its staff can still sign in,
 * change settings and take their data.
 */
export function refuseWhileSuspended(request: FastifyRequest): void {
  const tenant = request.tenant;
  if (!tenant?.suspendedAt || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
  if (request.auth && isStaffRole(request.auth.role)) return;
  const path = request.url.split('?')[0] ?? '';
  if (OPEN_WHEN_SUSPENDED.has(path)) return;
  throw new AppError(403, 'tenant_suspended', SUSPENDED_NOTICE);
}
