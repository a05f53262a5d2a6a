import type {
  BrevoWrite,
  MailchimpCreateList,
  MailchimpWrite,
  PaymentKeyWrite,
  PhonePeWrite,
  PlivoWrite,
  TwilioWrite,
} from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshTenantAndAccount } from '../session/session-actions';
import { connectApi, integrationsApi } from './api';

const root = ['settings', 'integrations'] as const;
export const statusKey = [...root, 'status'] as const;
export const paymentKeysKey = [...root, 'payment-keys'] as const;
export const smsKey = [...root, 'sms'] as const;
export const campaignKey = [...root, 'campaign'] as const;

export const useIntegrationsStatus = () =>
  useQuery({ queryKey: statusKey, queryFn: integrationsApi.status, staleTime: 0 });
export const usePaymentKeys = () =>
  useQuery({ queryKey: paymentKeysKey, queryFn: integrationsApi.paymentKeys, staleTime: 0 });
export const useSmsTenant = () => useQuery({ queryKey: smsKey, queryFn: integrationsApi.sms, staleTime: 0 });
export const useCampaignTenant = () =>
  useQuery({ queryKey: campaignKey, queryFn: integrationsApi.campaign, staleTime: 0 });

/** Every save changes the hub's checks; payment saves change the tenant's payment provider too. */
function useSave<T, R>(fn: (body: T) => Promise<R>, payments = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: root });
      if (payments) await refreshTenantAndAccount();
    },
  });
}

export const useSavePaymentKeys = (provider: 'pspring' | 'razorpay') =>
  useSave((body: PaymentKeyWrite) => integrationsApi.savePaymentKeys(provider, body), true);
export const useSavePhonePe = () => useSave((body: PhonePeWrite) => integrationsApi.savePhonePe(body), true);
export const useSaveTwilio = () => useSave((body: TwilioWrite) => integrationsApi.saveTwilio(body));
export const useSavePlivo = () => useSave((body: PlivoWrite) => integrationsApi.savePlivo(body));
export const useSaveBrevo = () => useSave((body: BrevoWrite) => integrationsApi.saveBrevo(body));

export const mailchimpKey = [...root, 'mailchimp'] as const;
export const stripeAccountKey = [...root, 'stripe-account'] as const;
export const mailboxesKey = [...root, 'mailboxes'] as const;
export const meetingKey = [...root, 'meeting'] as const;

/** Polls every 2 s while a resync runs (spec 2 §4: in_progress until the job answers). */
export const useMailchimpList = () =>
  useQuery({
    queryKey: mailchimpKey,
    queryFn: connectApi.mailchimp,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.data.status === 'in_progress' ? 2_000 : false),
  });
export const useStripeAccount = () =>
  useQuery({ queryKey: stripeAccountKey, queryFn: connectApi.stripeAccount, staleTime: 0, retry: false });
export const useMailboxes = () => useQuery({ queryKey: mailboxesKey, queryFn: connectApi.mailboxes, staleTime: 0 });
export const useMeeting = () => useQuery({ queryKey: meetingKey, queryFn: connectApi.meeting, staleTime: 0 });

export const useSaveMailchimp = () => useSave((body: MailchimpWrite) => connectApi.saveMailchimp(body));
export const useCreateMailchimpList = () =>
  useSave((body: MailchimpCreateList) => connectApi.createMailchimpList(body));
export const useResync = () => useSave(() => connectApi.resync());
export const useDisconnectStripe = () => useSave(() => connectApi.disconnectStripe(), true);
export const useRevokeMailbox = () => useSave((id: string) => connectApi.revokeMailbox(id));
export const useDisconnectMeeting = () => useSave(() => connectApi.disconnectMeeting());
