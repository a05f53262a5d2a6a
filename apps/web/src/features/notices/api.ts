import type { Notice, NoticeCreate, NoticeList, NoticeUpdate } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export const noticeKeys = {
  all: ['notices'] as const,
  board: ['notices', 'board'] as const,
  manager: ['notices', 'manager'] as const,
};

/** The notice calls (spec 3 §7.9 `/edtest/noticeboard*`; docs/decisions/engagement.md). */
export const noticesApi = {
  /** Staff: every notice; a member: the board (the server keeps only active, unexpired ones). */
  list: (isActive?: boolean) =>
    apiRequest<NoticeList>('/edtest/noticeboard', {
      query: { isActive: isActive === undefined ? undefined : String(isActive) },
    }),
  create: (body: NoticeCreate) => apiRequest<Notice>('/edtest/noticeboard', { method: 'POST', body, silent: true }),
  update: (noticeId: string, body: NoticeUpdate) =>
    apiRequest<Notice>(`/edtest/noticeboard/${id(noticeId)}`, { method: 'PUT', body, silent: true }),
  remove: (noticeId: string) =>
    apiRequest<{ message: string }>(`/edtest/noticeboard/${id(noticeId)}`, { method: 'DELETE', silent: true }),
};
