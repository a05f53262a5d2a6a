import type {
  DonateRequest,
  DonateResult,
  DonationCampaign,
  DonationCampaignInput,
  DonationCampaignList,
  DonationList,
  MonthlyDonationRequest,
  MonthlyDonationResult,
  MonthlyDonationSetup,
  MonthlyGiftByLink,
  PaymentRedirect,
  PublicDonationCampaign,
  PublicDonationCampaignList,
} from '@atrium/contracts';
import { apiFile, apiRequest } from '../../lib/api';
import { saveBlob } from '../../lib/save-file';

const id = (value: string) => encodeURIComponent(value);

/** The donation calls (decisions.md "Donations"). Amounts are minor units. Form saves are silent. */
export const donationsApi = {
  campaigns: (archived: boolean) =>
    apiRequest<DonationCampaignList>('/snode/donation', { query: { archived: archived ? 'true' : undefined } }),
  create: (body: DonationCampaignInput) =>
    apiRequest<DonationCampaign>('/snode/donation', { method: 'POST', body, silent: true }),
  update: (guId: string, body: DonationCampaignInput) =>
    apiRequest<DonationCampaign>(`/snode/donation/${id(guId)}`, { method: 'PUT', body, silent: true }),
  archive: (guId: string, archived: boolean) =>
    apiRequest<DonationCampaign>(`/snode/donation/${id(guId)}/archive`, { method: 'POST', body: { archived } }),
  campaignDonations: (guId: string) => apiRequest<DonationList>(`/snode/donation/${id(guId)}/donations`),
  contactDonations: (contactId: string) => apiRequest<DonationList>(`/snode/donation/contact/${id(contactId)}`),
  mine: () => apiRequest<DonationList>('/snode/donation/my'),
  receipt: (guId: string) => apiFile(`/snode/donation/receipt/${id(guId)}`),
  publicCampaigns: () => apiRequest<PublicDonationCampaignList>('/public/donations'),
  publicCampaign: (guId: string) =>
    apiRequest<PublicDonationCampaign>(`/public/donations/${id(guId)}/items`, { silent: true }),
  give: (guId: string, body: DonateRequest) =>
    apiRequest<DonateResult>(`/public/donations/${id(guId)}`, { method: 'POST', body, silent: true }),
  /** A monthly gift: the provider's page where the donor saves a card. */
  startMonthly: (guId: string, body: MonthlyDonationRequest) =>
    apiRequest<MonthlyDonationSetup>(`/public/donations/${id(guId)}/monthly`, { method: 'POST', body, silent: true }),
  completeMonthly: (guId: string, sessionId: string) =>
    apiRequest<MonthlyDonationResult>(`/public/donations/${id(guId)}/monthly/complete`, {
      method: 'POST',
      body: { sessionId },
      silent: true,
    }),
  /** A monthly gift by the link in its receipts (no login), and stopping it there. */
  monthlyGift: (token: string) => apiRequest<MonthlyGiftByLink>(`/public/monthly-gifts/${id(token)}`, { silent: true }),
  stopMonthlyGift: (token: string) =>
    apiRequest<MonthlyGiftByLink & { message: string }>(`/public/monthly-gifts/${id(token)}/cancel`, {
      method: 'POST',
      silent: true,
    }),
  pay: (publicId: string) =>
    apiRequest<PaymentRedirect>(`/item/invoice/${id(publicId)}/publicpayment`, { method: 'POST', silent: true }),
};

/** Saves the receipt PDF the browser's way (a link to the file, clicked). */
export async function downloadReceipt(guId: string, receiptNumber: string): Promise<void> {
  saveBlob(await donationsApi.receipt(guId), `${receiptNumber}.pdf`);
}
