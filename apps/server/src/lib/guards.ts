import { isStaffRole, permissionsOf, ROLE_PERMISSION_LABELS, type Role, type RolePermission } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from './access-claims.ts';
import { forbidden, tenantNotFound, unauthorized } from './errors.ts';
import type { TenantContext } from './tenant-context.ts';

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

/**
 * Staff calls governed by a Roles-screen permission (spec 2 §6): admins always pass; staff and
 * front desk pass when their tenant grants the permission to their role.
 */
export function requirePermission(request: FastifyRequest, permission: RolePermission): Authenticated {
  const ctx = requireStaff(request);
  if (!permissionsOf(ctx.auth.role, ctx.tenant.settings.tenantRoles)[permission]) {
    throw forbidden(`Your role does not have the '${ROLE_PERMISSION_LABELS[permission]}' permission.`);
  }
  return ctx;
}
