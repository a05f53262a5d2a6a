import type {
  CampaignAudience,
  CampaignReport,
  SmsCampaign,
  SmsCampaignInput,
  SmsCampaignList,
  SmsEstimate,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';
import { CAMPAIGNS_PATH } from './campaign-rules';

const id = (value: string) => encodeURIComponent(value);

export const SMS_CAMPAIGNS_PATH = `${CAMPAIGNS_PATH}/sms`;
export const smsCampaignPath = (campaignId: string) => `${SMS_CAMPAIGNS_PATH}/${id(campaignId)}`;

export interface SmsListParams {
  start: number;
  length: number;
  search: string;
}

export const smsKeys = {
  all: ['sms-campaigns'] as const,
  list: (params: SmsListParams) => ['sms-campaigns', 'list', params] as const,
  detail: (campaignId: string) => ['sms-campaigns', 'detail', campaignId] as const,
  estimate: (body: string, audience: CampaignAudience) => ['sms-campaigns', 'estimate', body, audience] as const,
  emailReport: (campaignId: string) => ['campaigns', 'report', campaignId] as const,
};

/** The SMS campaign calls (docs/decisions/campaigns.md "SMS campaigns"). */
export const smsApi = {
  list: (params: SmsListParams) =>
    apiRequest<SmsCampaignList>('/rest/sms-campaigns', {
      query: { start: params.start, length: params.length, search: params.search || undefined },
    }),
  get: (campaignId: string) => apiRequest<SmsCampaign>(`/rest/sms-campaigns/${id(campaignId)}`),
  create: (body: SmsCampaignInput) =>
    apiRequest<SmsCampaign>('/rest/sms-campaigns', { method: 'POST', body, silent: true }),
  update: (campaignId: string, body: SmsCampaignInput) =>
    apiRequest<SmsCampaign>(`/rest/sms-campaigns/${id(campaignId)}`, { method: 'PUT', body, silent: true }),
  remove: (campaignId: string) =>
    apiRequest<{ message: string }>(`/rest/sms-campaigns/${id(campaignId)}`, { method: 'DELETE' }),
  estimate: (body: string, audience: CampaignAudience) =>
    apiRequest<SmsEstimate>('/rest/sms-campaigns/estimate', { method: 'POST', body: { body, audience }, silent: true }),
  act: (campaignId: string, action: 'send' | 'resume' | 'cancel') =>
    apiRequest<SmsCampaign>(`/rest/sms-campaigns/${id(campaignId)}/${action}`, { method: 'POST', silent: true }),
  emailReport: (campaignId: string) => apiRequest<CampaignReport>(`/rest/campaigns/${id(campaignId)}/report`),
};
