import { isStaffRole, type Role } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from '../modules/auth/tokens.ts';
import type { TenantContext } from '../modules/tenants/tenant-directory.ts';
import { forbidden, tenantNotFound, unauthorized } from './errors.ts';

export function requireTenant(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw tenantNotFound();
  return request.tenant;
}

export interface Authenticated {
  tenant: TenantContext;
  auth: AccessClaims;
}

export function requireAuth(request: FastifyRequest): Authenticated {
  const tenant = requireTenant(request);
  if (!request.auth) throw unauthorized();
  return { tenant, auth: request.auth };
}

/** Staff calls: admin, staff and front desk; a student-preview token is a student here. */
export function requireStaff(request: FastifyRequest, ...roles: Role[]): Authenticated {
  const ctx = requireAuth(request);
  if (!isStaffRole(ctx.auth.role)) throw forbidden();
  if (roles.length > 0 && !roles.includes(ctx.auth.role)) throw forbidden();
  return ctx;
}
