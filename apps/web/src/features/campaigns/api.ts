import type {
  AudienceCount,
  Campaign,
  CampaignAudience,
  CampaignInput,
  CampaignList,
  CampaignSenders,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export interface CampaignListParams {
  start: number;
  length: number;
  search: string;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (params: CampaignListParams) => ['campaigns', 'list', params] as const,
  detail: (campaignId: string) => ['campaigns', 'detail', campaignId] as const,
  count: (audience: CampaignAudience) => ['campaigns', 'count', audience] as const,
};

/** The campaigns calls (docs/decisions/campaigns.md). */
export const campaignsApi = {
  list: (params: CampaignListParams) =>
    apiRequest<CampaignList>('/rest/campaigns', {
      query: { start: params.start, length: params.length, search: params.search || undefined },
    }),
  get: (campaignId: string) => apiRequest<Campaign>(`/rest/campaigns/${id(campaignId)}`),
  create: (body: CampaignInput) => apiRequest<Campaign>('/rest/campaigns', { method: 'POST', body, silent: true }),
  update: (campaignId: string, body: CampaignInput) =>
    apiRequest<Campaign>(`/rest/campaigns/${id(campaignId)}`, { method: 'PUT', body, silent: true }),
  remove: (campaignId: string) =>
    apiRequest<{ message: string }>(`/rest/campaigns/${id(campaignId)}`, { method: 'DELETE' }),
  count: (audience: CampaignAudience) =>
    apiRequest<AudienceCount>('/rest/campaigns/audience/count', {
      method: 'POST',
      body: { audience },
      silent: true,
    }),
  test: (campaignId: string) =>
    apiRequest<{ message: string }>(`/rest/campaigns/${id(campaignId)}/test`, { method: 'POST' }),
  send: (campaignId: string) => apiRequest<Campaign>(`/rest/campaigns/${id(campaignId)}/send`, { method: 'POST' }),
  schedule: (campaignId: string, scheduledAt: string) =>
    apiRequest<Campaign>(`/rest/campaigns/${id(campaignId)}/schedule`, {
      method: 'POST',
      body: { scheduledAt },
      silent: true,
    }),
  cancel: (campaignId: string) => apiRequest<Campaign>(`/rest/campaigns/${id(campaignId)}/cancel`, { method: 'POST' }),
  resume: (campaignId: string) => apiRequest<Campaign>(`/rest/campaigns/${id(campaignId)}/resume`, { method: 'POST' }),
  senders: () => apiRequest<CampaignSenders>('/rest/campaigns/senders'),
};
