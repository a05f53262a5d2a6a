import type { ProfileEmailChange, ProfileResponse, ProfileUpdate } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** The signed-in person's own profile (decisions.md "Profiles"). Saves are silent: the form shows the field's message. */
export const profileApi = {
  read: () => apiRequest<ProfileResponse>('/rest/user/profile'),
  save: (body: ProfileUpdate) =>
    apiRequest<ProfileResponse>('/rest/user/profile', { method: 'PUT', body, silent: true }),
  changeEmail: (body: ProfileEmailChange) =>
    apiRequest<{ message: string }>('/rest/user/profile/email', { method: 'POST', body, silent: true }),
  /** The photo's own bytes; the server keeps a 256 px square. */
  uploadPhoto: (file: File) =>
    apiRequest<ProfileResponse>('/rest/user/profile/photo', { method: 'PUT', body: file, silent: true }),
  removePhoto: () => apiRequest<ProfileResponse>('/rest/user/profile/photo', { method: 'DELETE', silent: true }),
  confirmEmail: (token: string) =>
    apiRequest<{ message: string }>('/public/user/email/confirm', { method: 'POST', body: { token }, silent: true }),
};
