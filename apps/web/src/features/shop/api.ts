import {
  CART_ID_HEADER,
  type CartUpdate,
  type CheckoutRegistrationRequest,
  type CheckoutRegistrationResult,
  type MemberCheckoutRequest,
  type PublicCart,
  type PublicCatalogue,
  type PublicCheckoutRequest,
  type PublicCheckoutResult,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const cartHeaders = (cartId: string | null): Record<string, string> => (cartId ? { [CART_ID_HEADER]: cartId } : {});

/** Spec 3 §7.8 public shop calls (no login; the host is the tenant). Failures are shown in place. */
export const shopApi = {
  catalogue: (tenantId: string) =>
    apiRequest<PublicCatalogue>('/snode/icategory/public/', { query: { tid: tenantId }, silent: true }),
  cart: (cartId: string | null) =>
    apiRequest<PublicCart>('/public/cart', { headers: cartHeaders(cartId), silent: true }),
  saveCart: (cartId: string | null, body: CartUpdate) =>
    apiRequest<PublicCart>('/public/cart', { method: 'POST', body, headers: cartHeaders(cartId), silent: true }),
  placeOrder: (body: PublicCheckoutRequest) =>
    apiRequest<PublicCheckoutResult>('/item/checkout/public', { method: 'POST', body, silent: true }),
  /** The studio's registration form and the order, in one call (decisions.md "Checkout with registration"). */
  placeRegisteredOrder: (body: CheckoutRegistrationRequest) =>
    apiRequest<CheckoutRegistrationResult>('/public/checkout/register', { method: 'POST', body, silent: true }),
  placeMemberOrder: (body: MemberCheckoutRequest) =>
    apiRequest<PublicCheckoutResult>('/snode/product/usercheckout', { method: 'POST', body, silent: true }),
};
