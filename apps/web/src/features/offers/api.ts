import type {
  ItemCategoryList,
  ItemList,
  OfferInput,
  OfferList,
  OfferStatus,
  OfferUpdate,
  OfferView,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export interface OfferListParams {
  start: number;
  length: number;
  search: string;
  status: OfferStatus | null;
}

const id = (value: string) => encodeURIComponent(value);

/** The offers calls (decisions.md "Offers"). Form saves are silent: the form shows the field's message. */
export const offersApi = {
  list: (params: OfferListParams) =>
    apiRequest<OfferList>('/item/offer', {
      query: {
        start: params.start,
        length: params.length,
        search: params.search || undefined,
        status: params.status ?? undefined,
      },
    }),
  create: (body: OfferInput) => apiRequest<OfferView>('/item/offer', { method: 'POST', body, silent: true }),
  update: (guId: string, body: OfferUpdate) =>
    apiRequest<OfferView>(`/item/offer/${id(guId)}`, { method: 'PUT', body, silent: true }),
  setStatus: (guId: string, status: OfferStatus) =>
    apiRequest<OfferView>(`/item/offer/${id(guId)}`, { method: 'PUT', body: { status } }),
  /** Every category (courses, merchandise, bundles): what an offer can name. */
  categories: () => apiRequest<ItemCategoryList>('/rest/itemCategory', { query: { start: 0, length: 1000 } }),
  items: () => apiRequest<ItemList>('/rest/item', { query: { start: 0, length: 1000 } }),
};
