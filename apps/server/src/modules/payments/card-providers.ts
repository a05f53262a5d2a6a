import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findCredential } from '../integrations/integrations.repo.ts';
import type { CredentialVault } from '../integrations/vault.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { PaymentSpringGateway } from './paymentspring-gateway.ts';
import { PhonePeGateway } from './phonepe-gateway.ts';
import { RazorpayGateway } from './razorpay-gateway.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/** A tenant's card provider: the adapter to call and the account (or key id, or merchant) it works on. */
export interface CardProvider<G extends PaymentGateway = PaymentGateway> {
  gateway: G;
  account: string;
}

/** The tenant's `paymentProvider` setting -> the provider that takes cards on a hosted page here. */
const BY_SETTING: Record<string, CardProviderName> = {
  STRIPE: 'stripe',
  RAZORPAY: 'razorpay',
  PHONEPE: 'phonepe',
  PSPRING: 'pspring',
};
export type CardProviderName = 'stripe' | 'razorpay' | 'phonepe' | 'pspring';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Which adapter takes a tenant's cards. Stripe is the platform's key on the tenant's connected
 * account; Razorpay, PhonePe and PaymentSpring are the tenant's own keys from the vault (Settings >
 * Integrations), opened only here and only for the call at hand.
 */
export class CardProviders {
  constructor(
    private readonly platform: Platform,
    readonly stripe: StripeGateway | null,
    private readonly vault: CredentialVault,
  ) {}

  /** The tenant's current payment provider, when it is one that takes cards here and is integrated. */
  async current(tx: Tx, tenant: TenantContext): Promise<CardProvider | null> {
    const name = BY_SETTING[tenant.settings.paymentProvider ?? ''];
    return name ? this.of(tx, tenant, name, true) : null;
  }

  /**
   * The named provider of the tenant. Stripe only as the current, integrated provider (its
   * webhook's account check). Razorpay, PhonePe and PaymentSpring whenever their keys are stored, unless
   * `integrated` is asked: a payment made before a disconnect is still confirmed and refunded
   * with the keys it was made with.
   */
  async of(tx: Tx, tenant: TenantContext, name: string, integrated = false): Promise<CardProvider | null> {
    if (name === 'stripe') {
      if (tenant.settings.paymentProvider !== 'STRIPE' || !this.stripe) return null;
      const row = await findCredential(tx, tenant.tenantId, 'stripe');
      const account = row?.isIntegrated ? text(row.publicFields?.stripeUserId) : '';
      return account ? { gateway: this.stripe, account } : null;
    }
    if (name !== 'razorpay' && name !== 'phonepe' && name !== 'pspring') return null;
    const row = await findCredential(tx, tenant.tenantId, name);
    if (!row || (integrated && !row.isIntegrated)) return null;
    const pub = row.publicFields ?? {};
    const secrets = this.vault.open(row.tenantId, row.provider, row);
    const { payments } = this.platform.config;
    if (name === 'pspring') {
      const publicKey = text(row.isTestMode ? pub.testApiKey : pub.apiKey);
      const privateKey = text(row.isTestMode ? secrets.testSecretKey : secrets.secretKey);
      if (!publicKey || !privateKey) return null;
      return {
        gateway: new PaymentSpringGateway(payments.paymentspringApiBase, publicKey, privateKey),
        account: publicKey,
      };
    }
    if (name === 'razorpay') {
      const keyId = text(row.isTestMode ? pub.testApiKey : pub.apiKey);
      const keySecret = text(row.isTestMode ? secrets.testSecretKey : secrets.secretKey);
      if (!keyId || !keySecret) return null;
      return { gateway: new RazorpayGateway(payments.razorpayApiBase, keyId, keySecret), account: keyId };
    }
    const merchantId = text(pub.apiKey);
    const saltKey = text(secrets.secretKey);
    const saltIndex = String(pub.saltIndex ?? '').trim();
    if (!merchantId || !saltKey || !saltIndex) return null;
    const callbackUrl = `${tenantOrigin(this.platform.config, tenant)}/webhooks/phonepe`;
    return {
      gateway: new PhonePeGateway(payments.phonepeApiBase, merchantId, saltKey, saltIndex, callbackUrl),
      account: merchantId,
    };
  }
}
