import type { ClassRule, ClassRuleList, EventRegistration, PublicEvent, PublicEventList } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/** Events (decisions.md "Events"): staff keep them as class rules of kind event. */
export const eventsApi = {
  list: () => apiRequest<ClassRuleList>('/snode/classrule', { query: { kind: 'event' } }),
  regenerateUrl: (guId: string) =>
    apiRequest<ClassRule>(`/snode/classrule/${id(guId)}/regenerateurl`, { method: 'PUT' }),
  publicList: () => apiRequest<PublicEventList>('/public/events'),
  featured: () => apiRequest<PublicEventList>('/public/featuredEvents'),
  /** Silent: the page says when a link is unknown or retired. */
  publicEvent: (publicId: string) => apiRequest<PublicEvent>(`/snode/pevent/${id(publicId)}`, { silent: true }),
  /** Silent: the page shows why a registration was refused. */
  register: (publicId: string) =>
    apiRequest<EventRegistration>(`/snode/pevent/${id(publicId)}/register`, { method: 'POST', silent: true }),
};
