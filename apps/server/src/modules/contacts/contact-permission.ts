import type { Role } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { type Authenticated, requirePermission } from '../../lib/guards.ts';

/**
 * The contacts screens and their calls need the Roles screen's "manage contacts" permission
 * (`isShowContactsList`); `roles`, when given, narrows them further (the import is for admin and staff).
 * The contact autocomplete and the walk-in contact stay open to all staff: checkout and the
 * member pickers use them (decisions.md "Roles").
 */
export function manageContacts(request: FastifyRequest, ...roles: Role[]): Authenticated {
  const ctx = requirePermission(request, 'isShowContactsList');
  if (roles.length > 0 && !roles.includes(ctx.auth.role)) throw forbidden();
  return ctx;
}

export const STAFF_LOGIN_ADMIN_ONLY = "Only an administrator can change a staff member's login details.";

/**
 * A staff member's login (email, password emails) is an admin's to manage: otherwise anyone with
 * "manage contacts" could point an admin's email at their own mailbox and reset its password.
 */
export function assertMayManageLogin(callerRole: Role, contact: { role: Role }): void {
  if (contact.role !== 'student' && callerRole !== 'admin') throw forbidden(STAFF_LOGIN_ADMIN_ONLY);
}
