import type { Feedback, FeedbackList } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export const feedbackKeys = { all: ['feedback'] as const };

/** The list kit's page (1-based) and size as the spec's `offset` and `max` (spec 3 §7.9). */
export const feedbackPageQuery = (page: number, size: number) => ({
  offset: (Math.max(1, page) - 1) * size,
  max: size,
});

/** The feedback calls (docs/decisions/engagement.md, "Feedback"; spec 3 §7.9 `/client/feedback`). */
export const feedbackApi = {
  send: (message: string) =>
    apiRequest<Feedback>('/client/feedback', { method: 'POST', body: { message }, silent: true }),
  list: (page: number, size: number) =>
    apiRequest<FeedbackList>('/client/feedback', { query: feedbackPageQuery(page, size) }),
  reply: (feedbackId: string, reply: string) =>
    apiRequest<Feedback>(`/client/feedback/${encodeURIComponent(feedbackId)}/reply`, {
      method: 'PUT',
      body: { reply },
      silent: true,
    }),
};
