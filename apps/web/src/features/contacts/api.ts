import type {
  ContactActivity,
  ContactActivityInput,
  ContactActivityUpdate,
  ContactChildRequest,
  ContactCreate,
  ContactDetail,
  ContactListResponse,
  ContactNote,
  ContactRelative,
  ContactSort,
  ContactStats,
  ContactStatus,
  ContactTagBulkRequest,
  ContactUpdate,
  TagEntry,
  TagType,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export interface ContactListParams {
  start: number;
  max: number;
  search: string;
  statuses: ContactStatus[];
  tags: string[];
  joinBy: 'or' | 'and';
  sort: ContactSort;
}

/** GET /rest/contact/?autoComplete=true&q= (spec 3 §7.4: id, label, email). */
export interface ContactSuggestion {
  id: string;
  label: string;
  email: string;
}

const id = (value: string) => encodeURIComponent(value);

/** Spec 3 §7.4 contacts calls. */
export const contactsApi = {
  list: (params: ContactListParams, signal?: AbortSignal) =>
    apiRequest<ContactListResponse>('/snode/contact', {
      signal,
      query: {
        start: params.start,
        max: params.max,
        search: params.search.trim() || undefined,
        ctype: params.statuses.join(',') || undefined,
        ctag: params.tags.join(',') || undefined,
        join_by: params.joinBy,
        sort: params.sort,
      },
    }),
  stats: () => apiRequest<ContactStats>('/snode/contact/stats'),
  walkin: () => apiRequest<ContactDetail>('/snode/contact', { query: { userType: 'walkin' } }),
  get: (guId: string) => apiRequest<ContactDetail>(`/snode/contact/${id(guId)}`),
  create: (body: ContactCreate) => apiRequest<ContactDetail>('/snode/contact', { method: 'POST', body }),
  update: (guId: string, body: ContactUpdate) =>
    apiRequest<ContactDetail>(`/snode/contact/${id(guId)}`, { method: 'PUT', body }),
  remove: (guIds: string[]) =>
    apiRequest<{ deleted: number }>('/snode/contact/delete', { method: 'POST', body: { contacts: guIds } }),
  setTags: (guId: string, tags: string[]) =>
    apiRequest<ContactDetail>(`/rest/contact/${id(guId)}/tag`, { method: 'PUT', body: { tags } }),
  autocomplete: (q: string, signal?: AbortSignal) =>
    apiRequest<ContactSuggestion[]>('/rest/contact/', {
      signal,
      query: { autoComplete: true, q },
    }),

  notes: (guId: string) => apiRequest<ContactNote[]>(`/rest/contact/${id(guId)}/notes`),
  addNote: (guId: string, note: string) =>
    apiRequest<ContactNote>(`/rest/contact/${id(guId)}/notes`, { method: 'POST', body: { note } }),
  removeNote: (guId: string, noteId: string) =>
    apiRequest<{ message: string }>(`/rest/contact/${id(guId)}/notes/${id(noteId)}`, { method: 'DELETE' }),

  activities: (guId: string) => apiRequest<ContactActivity[]>(`/rest/contact/${id(guId)}/activity`),
  addActivity: (guId: string, body: ContactActivityInput) =>
    apiRequest<ContactActivity>(`/rest/contact/${id(guId)}/activity`, { method: 'POST', body }),
  updateActivity: (guId: string, activityId: string, body: ContactActivityUpdate) =>
    apiRequest<ContactActivity>(`/rest/contact/${id(guId)}/activity/${id(activityId)}`, { method: 'PUT', body }),
  removeActivity: (guId: string, activityId: string) =>
    apiRequest<{ message: string }>(`/rest/contact/${id(guId)}/activity/${id(activityId)}`, { method: 'DELETE' }),

  children: (guId: string) => apiRequest<ContactRelative[]>(`/rest/contact/${id(guId)}/children`),
  guardians: (guId: string) => apiRequest<ContactRelative[]>(`/rest/contact/${id(guId)}/guardian`),
  tagRegistry: (type: TagType) => apiRequest<TagEntry[]>('/rest/tag', { query: { type } }),
  createTag: (name: string, type: TagType) =>
    apiRequest<TagEntry>('/rest/tag', { method: 'POST', body: { name, type } }),
  tagContacts: (body: ContactTagBulkRequest) =>
    apiRequest<{ updated: number }>('/rest/contactTag', { method: 'PUT', body }),

  sendCredentials: (guId: string) =>
    apiRequest<{ message: string }>('/rest/message/sendCredentials', { method: 'POST', body: { contactId: guId } }),
  resetPassword: (guId: string) =>
    apiRequest<{ message: string }>('/rest/contact/reset', { method: 'PUT', body: { contactId: guId } }),
  /** The link leads to the login page of this same site once the address is verified. */
  sendVerification: (guId: string, redirectUrl: string) =>
    apiRequest<{ message: string }>(`/rest/contact/${id(guId)}/verification`, { method: 'PUT', body: { redirectUrl } }),
  /** A 6-digit code (15 minutes, 5 tries) the member types to verify their address. */
  sendVerificationCode: (guId: string) =>
    apiRequest<{ message: string }>(`/rest/contact/${id(guId)}/otp`, { method: 'PUT' }),

  unlinkChild: (guId: string, childId: string) =>
    apiRequest<ContactRelative[]>(`/rest/contact/${id(guId)}/children/${id(childId)}`, { method: 'DELETE' }),
  unlinkGuardian: (guId: string, guardianId: string) =>
    apiRequest<ContactRelative[]>(`/rest/contact/${id(guId)}/guardian/${id(guardianId)}`, { method: 'DELETE' }),
  addChild: (guId: string, body: ContactChildRequest) =>
    apiRequest<ContactRelative[]>(`/rest/contact/${id(guId)}/children`, { method: 'POST', body }),
};
