import type { CheckoutQuote, DeskCheckoutQuoteRequest, DeskCheckoutRequest, InvoiceDetail } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** Spec 3 §7.5 checkout calls: the screen sends ids, quantities, a code; the server prices everything. */
export const storeApi = {
  quote: (body: DeskCheckoutQuoteRequest, signal?: AbortSignal) =>
    apiRequest<CheckoutQuote>('/item/checkout/validate', { method: 'POST', body, signal, silent: true }),
  checkout: (body: DeskCheckoutRequest) =>
    apiRequest<InvoiceDetail>('/item/checkout', { method: 'POST', body, silent: true }),
};
