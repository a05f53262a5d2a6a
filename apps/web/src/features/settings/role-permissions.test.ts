import {
  completeTenantRoles,
  permissionForPath,
  permissionsOf,
  RoleSettings,
  roleRefusalForPath,
} from '@atrium/contracts';
import { describe, expect, it } from 'vitest';

describe('role permissions (spec 2 §6)', () => {
  it('admins may manage everything, students nothing', () => {
    expect(Object.values(permissionsOf('admin', null))).toEqual([true, true, true, true]);
    expect(Object.values(permissionsOf('student', null))).toEqual([false, false, false, false]);
  });

  it('staff and front desk follow the stored entries, completed with the defaults', () => {
    expect(permissionsOf('frontdesk', null)).toEqual({
      isAllowCreateClasses: false,
      isShowCourse: false,
      isShowContactsList: true,
      isShowOffers: false,
    });
    const stored = [
      {
        role: 'ROLE_STAFF' as const,
        isAllowCreateClasses: false,
        isShowCourse: true,
        isShowContactsList: false,
        isShowOffers: true,
      },
    ];
    expect(permissionsOf('staff', stored).isShowContactsList).toBe(false);
    expect(permissionsOf('frontdesk', stored).isShowContactsList).toBe(true);
    expect(completeTenantRoles(stored).map((entry) => entry.role)).toEqual(['ROLE_STAFF', 'ROLE_FRONTDESK']);
  });

  it('maps each governed screen, and its sub-paths, to its permission', () => {
    expect(permissionForPath('/contacts')).toBe('isShowContactsList');
    expect(permissionForPath('/contacts/abc/detail')).toBe('isShowContactsList');
    expect(permissionForPath('/schedule')).toBe('isAllowCreateClasses');
    expect(permissionForPath('/rules')).toBe('isAllowCreateClasses');
    expect(permissionForPath('/services')).toBe('isShowCourse');
    expect(permissionForPath('/offers')).toBe('isShowOffers');
    expect(permissionForPath('/contactsx')).toBeNull();
    expect(permissionForPath('/settings/roles')).toBeNull();
  });

  it('refuses a role given twice', () => {
    const entry = {
      role: 'ROLE_STAFF',
      isAllowCreateClasses: true,
      isShowCourse: true,
      isShowContactsList: true,
      isShowOffers: true,
    };
    expect(RoleSettings.safeParse({ tenantRoles: [entry, entry] }).success).toBe(false);
    expect(RoleSettings.safeParse({ tenantRoles: [entry] }).success).toBe(true);
  });
});

describe('screens for some roles only', () => {
  it('the website builder refuses the front desk with a reason, and lets admins and staff in', () => {
    expect(roleRefusalForPath('/website', 'frontdesk')).toBe('The website is built by admins and staff.');
    expect(roleRefusalForPath('/website/anything', 'frontdesk')).not.toBeNull();
    expect(roleRefusalForPath('/website', 'staff')).toBeNull();
    expect(roleRefusalForPath('/website', 'admin')).toBeNull();
    expect(roleRefusalForPath('/websites', 'frontdesk')).toBeNull();
    expect(roleRefusalForPath('/contacts', 'frontdesk')).toBeNull();
    expect(roleRefusalForPath('/settings/franchise/new', 'staff')).toBe('Franchises are managed by admins.');
    expect(roleRefusalForPath('/settings/franchise', 'admin')).toBeNull();
  });
});
