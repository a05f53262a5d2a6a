import type {
  CampaignPreview,
  CampaignPreviewInput,
  DesignCategoryList,
  DesignTemplate,
  DesignTemplateList,
  DesignTemplateWrite,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** The template service (spec 3 §7.2) and the campaign preview, as the designer uses them. */
export const designKeys = {
  starters: ['design', 'starters'] as const,
  saved: ['design', 'saved'] as const,
  categories: ['design', 'categories'] as const,
  widgets: ['design', 'widgets'] as const,
};

export const designApi = {
  /** The platform's starter emails. */
  starters: () =>
    apiRequest<DesignTemplateList>('/unlayertemplate/untemplates', { query: { orgId: 'master', type: 'email' } }),
  /** The studio's own saved email templates. */
  saved: (orgId: string) =>
    apiRequest<DesignTemplateList>('/unlayertemplate/untemplates', { query: { orgId, type: 'email', max: 100 } }),
  categories: () =>
    apiRequest<DesignCategoryList>('/unlayertemplate/categories', {
      query: { default: 'true', orgid: 'master', type: 'email' },
    }),
  /** The platform's widgets and the studio's own, offered as blocks. */
  widgets: () =>
    apiRequest<DesignTemplateList>('/unlayertemplate/widgets', { query: { default: 'true', type: 'email', max: 100 } }),
  saveTemplate: (body: DesignTemplateWrite) =>
    apiRequest<DesignTemplate>('/unlayertemplate/untemplates', { method: 'POST', body, silent: true }),
  preview: (body: CampaignPreviewInput) =>
    apiRequest<CampaignPreview>('/rest/campaigns/preview', { method: 'POST', body, silent: true }),
};
