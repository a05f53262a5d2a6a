import type {
  ContactInvoices,
  ExcessPaymentList,
  InvoiceDetail,
  InvoiceList,
  InvoicePublic,
  MyInvoices,
  PaymentRedirect,
  PhonePeConfirmation,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export interface InvoiceListParams {
  offset: number;
  max: number;
  search: string;
  showArchive: boolean;
  sort: 'createdAt' | 'number' | 'name' | 'total' | 'balance' | 'status';
  order: 'asc' | 'desc';
}

const id = (value: string) => encodeURIComponent(value);

/** Spec 3 §7.5 invoice calls. */
export const invoicesApi = {
  excessPayments: () => apiRequest<ExcessPaymentList>('/item/payment/excess'),
  retryExcessRefund: (provider: string, eventId: string) =>
    apiRequest<null>(`/item/payment/excess/${id(provider)}/${id(eventId)}/retry`, { method: 'POST' }),
  settleExcessRefund: (provider: string, eventId: string) =>
    apiRequest<null>(`/item/payment/excess/${id(provider)}/${id(eventId)}/settle`, { method: 'POST' }),
  list: (params: InvoiceListParams, signal?: AbortSignal) =>
    apiRequest<InvoiceList>('/item/ireport', {
      signal,
      query: { ...params, search: params.search.trim() || undefined },
    }),
  get: (invoiceId: string) => apiRequest<InvoiceDetail>(`/item/invoice/${id(invoiceId)}`),
  /** A contact's latest invoices and payments, for their detail screen. */
  ofContact: (contactId: string) => apiRequest<ContactInvoices>(`/item/invoice/contact/${id(contactId)}`),
  mine: (offset: number, max: number) => apiRequest<MyInvoices>(`/item/invoice/my?offset=${offset}&max=${max}`),
  pay: (invoiceId: string, body: { method: 'cash' | 'account'; amount: string; idempotencyKey: string }) =>
    apiRequest<InvoiceDetail>(`/item/invoice/${id(invoiceId)}/payment`, { method: 'POST', body }),
  refund: (invoiceId: string, body: { paymentId: string; amount: string; idempotencyKey: string }) =>
    apiRequest<InvoiceDetail>(`/item/invoice/${id(invoiceId)}/refund`, { method: 'POST', body }),
  void: (invoiceId: string) => apiRequest<InvoiceDetail>(`/item/invoice/${id(invoiceId)}/void`, { method: 'PUT' }),
  archive: (invoiceId: string) => apiRequest<InvoiceDetail>(`/item/invoice/${id(invoiceId)}`, { method: 'DELETE' }),
  restore: (invoiceId: string) =>
    apiRequest<InvoiceDetail>(`/item/invoice/${id(invoiceId)}`, { method: 'PUT', body: { isArchived: false } }),
  email: (invoiceId: string, reminder: boolean) =>
    apiRequest<InvoiceDetail>(`/item/invoice/${id(invoiceId)}/email`, { method: 'POST', body: { reminder } }),
  publicInvoice: (publicId: string) => apiRequest<InvoicePublic>(`/item/invoice/public/${id(publicId)}`),
  /** The provider's hosted page for the open balance, for anyone holding the invoice's link. */
  publicPayment: (publicId: string) =>
    apiRequest<PaymentRedirect>(`/item/invoice/${id(publicId)}/publicpayment`, { method: 'POST', silent: true }),
  /** The same from the desk: the provider sends the browser back to /invoices/:id. */
  cardPayment: (invoiceId: string) =>
    apiRequest<PaymentRedirect>('/item/payment/paymentintent', { method: 'POST', body: { invoiceId }, silent: true }),
  /** PaymentSpring: the token the browser made from the card (the card itself never comes here). */
  publicTokenPayment: (publicId: string, token: string) =>
    apiRequest<PaymentRedirect>(`/item/invoice/${id(publicId)}/paymentspring`, {
      method: 'POST',
      body: { token },
      silent: true,
    }),
  deskTokenPayment: (invoiceId: string, token: string) =>
    apiRequest<PaymentRedirect>('/item/payment/paymentspring', {
      method: 'POST',
      body: { invoiceId, token },
      silent: true,
    }),
  /** Back from PhonePe's pay page: the server asks PhonePe for the payment's state and records it once. */
  phonepeConfirm: (tenantId: string, transactionId: string) =>
    apiRequest<PhonePeConfirmation>(`/item/phonepe/${id(tenantId)}/confirm/${id(transactionId)}`, { silent: true }),
};

/** The PDF by the public link's id: a plain link (no token needed) that opens in the browser. */
export const invoicePdfUrl = (publicId: string) => `/cform/pdf/ireport/${id(publicId)}`;
