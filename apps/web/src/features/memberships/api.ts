import type {
  CreditSummary,
  ItemCategory,
  ItemCategoryList,
  MemberSubscription,
  MemberSubscriptionList,
  Membership,
  MembershipInput,
  MembershipList,
  MembershipUpdate,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export interface SubscriptionQuery {
  offset: number;
  max: number;
  search?: string;
  showArchive?: boolean;
  contactId?: string;
}

/** The memberships calls (decisions.md "Memberships"). */
export const membershipsApi = {
  /** SERVICE categories, where memberships sit (spec 3 §7.6 /snode/icategory type=service). */
  serviceCategories: () =>
    apiRequest<ItemCategoryList>('/snode/icategory', { query: { type: 'service', start: 0, length: 1000 } }),
  createServiceCategory: (name: string) =>
    apiRequest<ItemCategory>('/snode/icategory', { method: 'POST', body: { name, categoryType: 'SERVICE' } }),
  products: (showArchive = false) => apiRequest<MembershipList>('/item/membership', { query: { showArchive } }),
  createProduct: (body: MembershipInput) =>
    apiRequest<Membership>('/item/membership', { method: 'POST', body, silent: true }),
  updateProduct: (guId: string, body: MembershipUpdate) =>
    apiRequest<Membership>(`/item/membership/${id(guId)}`, { method: 'PUT', body, silent: true }),
  /** The provider's page where the card is saved; staff name the contact. */
  startPurchase: (membershipId: string, contactId?: string) =>
    apiRequest<{ url: string; sessionId: string }>(`/item/payment/setupintent/${id(membershipId)}`, {
      method: 'POST',
      body: contactId ? { contactId } : {},
    }),
  complete: (sessionId: string) =>
    apiRequest<MemberSubscription>('/item/membership/subs/complete', {
      method: 'POST',
      body: { sessionId },
      silent: true,
    }),
  mine: () => apiRequest<MemberSubscriptionList>('/item/membership/mysubs'),
  myCredits: () => apiRequest<CreditSummary>('/item/membership/mycredits'),
  credits: (contactId: string) => apiRequest<CreditSummary>(`/item/membership/credits/${id(contactId)}`),
  list: (query: SubscriptionQuery) =>
    apiRequest<MemberSubscriptionList>('/item/membership/subs', { query: { ...query } }),
  upcoming: (query: SubscriptionQuery) =>
    apiRequest<MemberSubscriptionList>('/item/membership/subs/upcoming', { query: { ...query } }),
  cancel: (guId: string, when: 'now' | 'periodEnd') =>
    apiRequest<MemberSubscription>(`/item/membership/subs/${id(guId)}/cancel`, { method: 'PUT', body: { when } }),
  pause: (guId: string) => apiRequest<MemberSubscription>(`/item/membership/subs/${id(guId)}/pause`, { method: 'PUT' }),
  resume: (guId: string) =>
    apiRequest<MemberSubscription>(`/item/membership/subs/${id(guId)}/resume`, { method: 'PUT' }),
  updateCard: (guId: string) =>
    apiRequest<{ url: string; sessionId: string }>(`/item/membership/subs/${id(guId)}/card`, { method: 'POST' }),
};
