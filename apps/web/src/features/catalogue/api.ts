import type {
  Bundle,
  BundleInput,
  BundleList,
  BundleUpdate,
  Item,
  ItemCategory,
  ItemCategoryInput,
  ItemCategoryList,
  ItemInput,
  ItemList,
  ItemSupplier,
  ItemSupplierInput,
  ItemUpdate,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export interface ItemListParams {
  start: number;
  length: number;
  search: string;
  categoryId: string | null;
  isShowArchived: boolean;
}

export interface BundleListParams {
  start: number;
  max: number;
  search: string;
  isShowArchived: boolean;
}

/** Spec 3 §7.6 "Products and bundles". Form saves are silent: the form shows the field's message. */
export const catalogueApi = {
  categories: (type: 'product' | 'bundle') =>
    apiRequest<ItemCategoryList>('/rest/itemCategory', { query: { type, include: 'stats', start: 0, length: 1000 } }),
  createCategory: (body: ItemCategoryInput) =>
    apiRequest<ItemCategory>('/snode/icategory', { method: 'POST', body, silent: true }),
  items: (params: ItemListParams) =>
    apiRequest<ItemList>('/rest/item', {
      query: {
        start: params.start,
        length: params.length,
        search: params.search || undefined,
        categoryId: params.categoryId,
        isShowArchived: params.isShowArchived,
      },
    }),
  item: (guId: string) => apiRequest<Item>(`/rest/item/${id(guId)}`),
  createItem: (body: ItemInput) => apiRequest<Item>('/rest/item', { method: 'POST', body, silent: true }),
  updateItem: (guId: string, body: ItemUpdate) =>
    apiRequest<Item>(`/rest/item/${id(guId)}`, { method: 'PUT', body, silent: true }),
  archiveItem: (guId: string) => apiRequest<{ message: string }>(`/rest/item/${id(guId)}`, { method: 'DELETE' }),
  restoreItem: (guId: string) =>
    apiRequest<Item>(`/rest/item/${id(guId)}`, { method: 'PUT', body: { isArchived: false } }),
  suppliers: () => apiRequest<ItemSupplier[]>('/rest/itemSupplier'),
  createSupplier: (body: ItemSupplierInput) =>
    apiRequest<ItemSupplier>('/rest/itemSupplier', { method: 'POST', body, silent: true }),
  bundles: (params: BundleListParams) =>
    apiRequest<BundleList>('/snode/pbundle', {
      query: {
        start: params.start,
        max: params.max,
        search: params.search || undefined,
        isShowArchived: params.isShowArchived,
      },
    }),
  createBundle: (body: BundleInput) => apiRequest<Bundle>('/snode/pbundle', { method: 'POST', body, silent: true }),
  updateBundle: (guId: string, body: BundleUpdate) =>
    apiRequest<Bundle>(`/snode/pbundle/${id(guId)}`, { method: 'PUT', body, silent: true }),
};
