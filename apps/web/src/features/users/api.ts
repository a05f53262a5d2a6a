import type {
  MemberToken,
  NotificationRecord,
  StaffInvite,
  StaffUser,
  UserDetail,
  UserUpdate,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/** Spec 2 §7 "Contacts/users" calls (and the add call, decisions.md "Users"). */
export const usersApi = {
  staff: () => apiRequest<StaffUser[]>('/rest/contact', { query: { userType: 'staff' } }),
  detail: (guId: string) => apiRequest<UserDetail>(`/rest/contact/${id(guId)}/roles`),
  update: (guId: string, body: UserUpdate) =>
    apiRequest<UserDetail>(`/rest/contact/${id(guId)}`, { method: 'PUT', body }),
  notifications: () => apiRequest<NotificationRecord[]>('/rest/notification/'),
  invite: (body: StaffInvite) => apiRequest<StaffUser>('/rest/users/invite', { method: 'POST', body, silent: true }),
  /** The member's token for acting as a member: asked with the admin's own token. */
  memberToken: (guId: string) => apiRequest<MemberToken>(`/rest/contact/${id(guId)}/token`, { asStaff: true }),
};
