// The local stand-ins of the outside providers (one file each), for server tests, e2e and `npm run dev:stubs`.
export { brevoHandler } from './brevo.ts';
export type { ProviderHandler, StubCall, StubRequest } from './http.ts';
export { startTestIdentityProvider, TEST_CLIENT, type TestIdentityProvider } from './identity-provider.ts';
export { type LocalStubs, startLocalStubs } from './local.ts';
export {
  type MailchimpAccounts,
  type MailchimpFailure,
  mailchimpHandler,
  type StubMailchimpCampaign,
  type StubMember,
  type StubSegment,
} from './mailchimp.ts';
export { authorizePageHandler, newZoomState, type OAuthAccounts, oauthTokenHandler, type ZoomState } from './oauth.ts';
export {
  type PaymentSpringMerchant,
  type PaymentSpringOptions,
  type PaymentSpringState,
  paymentspringHandler,
  type StubPaymentSpringCharge,
  type StubPaymentSpringToken,
} from './paymentspring.ts';
export {
  type PhonePeMerchant,
  type PhonePeOptions,
  type PhonePeState,
  phonepeChecksum,
  phonepeHandler,
} from './phonepe.ts';
export { plivoHandler } from './plivo.ts';
export { type ProviderStub, type StubAccounts, startProviderStub } from './provider-stub.ts';
export { razorpayHandler } from './razorpay.ts';
export {
  type RazorpayCheckoutOptions,
  type RazorpayCheckoutState,
  razorpayCheckoutHandler,
  razorpayHmac,
} from './razorpay-checkout.ts';
export { plivoMessagesHandler, type SmsState, type StubSms, twilioMessagesHandler } from './sms.ts';
export { type StripeStub, type StripeStubRequest, startStripeStub } from './stripe.ts';
export {
  type StripeCheckoutOptions,
  type StripeCheckoutState,
  type StubRefund,
  type StubSession,
  stripeCheckoutHandler,
  stripeSignature,
} from './stripe-checkout.ts';
export { type StripeConnectAccounts, type StubCustomer, stripeConnectHandler } from './stripe-connect.ts';
export { type SavedCardsState, type StubCharge, stripeSavedCardsHandler } from './stripe-saved-cards.ts';
export { twilioHandler } from './twilio.ts';
