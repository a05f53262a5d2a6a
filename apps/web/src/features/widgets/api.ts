import type { Widget, WidgetUpdate } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** Spec 2 §7 "Widgets". */
export const widgetsApi = {
  list: () => apiRequest<Widget[]>('/rest/widget'),
  get: (guId: string) => apiRequest<Widget>(`/rest/widget/${encodeURIComponent(guId)}`),
  update: (guId: string, body: WidgetUpdate) =>
    apiRequest<Widget>(`/rest/widget/${encodeURIComponent(guId)}`, { method: 'PUT', body }),
};

export const widgetKeys = {
  list: ['widgets'] as const,
  one: (guId: string) => ['widgets', guId] as const,
};
