import type { NotificationRecord, StaffInvite, StaffUser, UserDetail, UserUpdate } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/**
 * Spec 2 §7 "Contacts/users" calls (and the add call, decisions.md "Users"). The member token for
 * acting as a member is fetched by session/preview-actions.ts.
 */
export const usersApi = {
  staff: () => apiRequest<StaffUser[]>('/rest/contact', { query: { userType: 'staff' } }),
  detail: (guId: string) => apiRequest<UserDetail>(`/rest/contact/${id(guId)}/roles`),
  update: (guId: string, body: UserUpdate) =>
    apiRequest<UserDetail>(`/rest/contact/${id(guId)}`, { method: 'PUT', body }),
  notifications: () => apiRequest<NotificationRecord[]>('/rest/notification/'),
  invite: (body: StaffInvite) => apiRequest<StaffUser>('/rest/users/invite', { method: 'POST', body, silent: true }),
};
