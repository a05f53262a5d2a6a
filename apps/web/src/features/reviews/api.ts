import type {
  Review,
  ReviewCreate,
  ReviewLink,
  ReviewLinkWrite,
  ReviewList,
  ReviewResult,
  ReviewSort,
  ReviewStatus,
  ReviewUpdate,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export interface ReviewListParams {
  page: number;
  size: number;
  search: string;
  stars: number | null;
  replied: 'yes' | 'no' | null;
  google: 'yes' | 'no' | null;
  sort: ReviewSort;
}

export const reviewKeys = {
  all: ['reviews'] as const,
  status: ['reviews', 'status'] as const,
  link: ['reviews', 'link'] as const,
};

/** The reviews calls (docs/decisions/reviews.md; spec 3 §7.9 `/providerservice/review*`). */
export const reviewsApi = {
  status: () => apiRequest<ReviewStatus>('/providerservice/review/mstatus'),
  post: (body: ReviewCreate) =>
    apiRequest<ReviewResult>('/providerservice/review', { method: 'POST', body, silent: true }),
  change: (reviewId: string, body: ReviewUpdate) =>
    apiRequest<Review>(`/providerservice/review/${id(reviewId)}`, { method: 'PUT', body, silent: true }),
  list: (params: ReviewListParams) =>
    apiRequest<ReviewList>('/providerservice/review', {
      query: {
        page: params.page,
        size: params.size,
        search: params.search || undefined,
        stars: params.stars ?? undefined,
        replied: params.replied ?? undefined,
        google: params.google ?? undefined,
        sort: params.sort,
      },
    }),
  reply: (reviewId: string, reply: string) =>
    apiRequest<Review>(`/providerservice/review/${id(reviewId)}/reply`, {
      method: 'PUT',
      body: { reply },
      silent: true,
    }),
  link: () => apiRequest<ReviewLink>('/providerservice/review/link'),
  saveLink: (body: ReviewLinkWrite) =>
    apiRequest<ReviewLink>('/providerservice/review/link', { method: 'PUT', body, silent: true }),
};
