import type { Franchise, FranchiseCreate, FranchiseList, FranchiseUpdate } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** Spec 2 §7 "Franchise" calls. Writes are silent: the screens show the failure themselves. */
export const franchiseApi = {
  list: () => apiRequest<FranchiseList>('/rest/franchise'),
  get: (id: string) => apiRequest<Franchise>(`/rest/franchise/${encodeURIComponent(id)}`),
  create: (body: FranchiseCreate) => apiRequest<Franchise>('/rest/franchise', { method: 'POST', body, silent: true }),
  update: (id: string, body: FranchiseUpdate) =>
    apiRequest<Franchise>(`/rest/franchise/${encodeURIComponent(id)}`, { method: 'PUT', body, silent: true }),
  remove: (id: string) =>
    apiRequest<{ message: string }>(`/rest/franchise/${encodeURIComponent(id)}`, { method: 'DELETE', silent: true }),
};
