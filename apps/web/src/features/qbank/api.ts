import type { Question, QuestionImportResult, QuestionInput, QuestionList, QuestionType } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export const qbankKeys = { all: ['qbank'] as const };

export interface QuestionListParams {
  page: number;
  size: number;
  search: string;
  bank: string | null;
  tag: string | null;
  type: QuestionType | null;
}

/** The question bank calls (docs/decisions/engagement.md, "Question banks"). */
export const qbankApi = {
  list: (p: QuestionListParams) =>
    apiRequest<QuestionList>('/edtest/qbank', {
      query: {
        offset: (Math.max(1, p.page) - 1) * p.size,
        max: p.size,
        search: p.search || undefined,
        bank: p.bank,
        tag: p.tag,
        type: p.type,
      },
    }),
  get: (id: string) => apiRequest<Question>(`/edtest/qbank/${encodeURIComponent(id)}`),
  create: (body: QuestionInput) => apiRequest<Question>('/edtest/qbank', { method: 'POST', body, silent: true }),
  update: (id: string, body: QuestionInput) =>
    apiRequest<Question>(`/edtest/qbank/${encodeURIComponent(id)}`, { method: 'PUT', body, silent: true }),
  remove: (id: string) =>
    apiRequest<{ message: string }>(`/edtest/qbank/${encodeURIComponent(id)}`, { method: 'DELETE', silent: true }),
  import: (csv: string) =>
    apiRequest<QuestionImportResult>('/edtest/qbank/import', { method: 'POST', body: { csv }, silent: true }),
};
