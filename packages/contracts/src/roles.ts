import { z } from 'zod';

/** Spec 1 §6: admin, staff and front desk are all staff; students use the portal. */
export const Role = z.enum(['admin', 'staff', 'frontdesk', 'student']);
export type Role = z.infer<typeof Role>;

export const STAFF_ROLES: readonly Role[] = ['admin', 'staff', 'frontdesk'];

export function isStaffRole(role: Role | null | undefined): boolean {
  return role != null && STAFF_ROLES.includes(role);
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  staff: 'Staff',
  frontdesk: 'Front Desk',
  student: 'Student',
};
