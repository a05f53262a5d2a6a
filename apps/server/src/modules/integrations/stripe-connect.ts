import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';

/**
 * Stripe Connect (OAuth for Express accounts) on the official SDK, with the platform's secret key.
 * The authorize page is `{STRIPE_CONNECT_URL}/express/oauth/authorize`; the code is exchanged with
 * `POST /oauth/token` (grant_type=authorization_code). `STRIPE_CONNECT_API_BASE` (else `STRIPE_API_BASE`)
 * points every SDK call, the connect host's included, at another server (tests). Never called inside a transaction.
 */
export interface ConnectedTokens {
  stripeUserId: string;
  accessToken: string;
  refreshToken: string;
  publishableKey: string;
  livemode: boolean;
  scope: string;
}

/** One customer of a connected account and its cards (Stripe's objects; callers keep display data only). */
export interface CustomerCards {
  customerId: string;
  /** `invoice_settings.default_payment_method` */
  defaultId: string | null;
  /** `default_source` (a legacy card) */
  defaultSourceId: string | null;
  cards: Stripe.PaymentMethod[];
}

export type StripeOutcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

function failure(error: unknown): { ok: false; status: number; message: string } {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    if (status >= 400 && status < 500) return { ok: false, status, message: error.message };
    return { ok: false, status: 502, message: `Stripe could not be reached (${error.type}).` };
  }
  return { ok: false, status: 502, message: 'Stripe could not be reached.' };
}

export class StripeConnect {
  private readonly stripe: Stripe | null;

  constructor(private readonly config: AppConfig) {
    const secret = config.platformBilling.stripeSecretKey;
    const apiBase = config.oauthApps.stripeConnect.apiBase || config.platformBilling.stripeApiBase;
    const base = apiBase ? new URL(apiBase) : null;
    this.stripe = secret
      ? new Stripe(secret, {
          maxNetworkRetries: 1,
          timeout: 15_000,
          telemetry: false,
          appInfo: { name: 'Atrium Stripe Connect' },
          ...(base
            ? {
                host: base.hostname,
                port: base.port || (base.protocol === 'https:' ? 443 : 80),
                protocol: base.protocol === 'https:' ? 'https' : 'http',
              }
            : {}),
        })
      : null;
  }

  /** Both the platform's secret key and its Connect client id are needed. */
  get configured(): boolean {
    return !!this.stripe && !!this.config.oauthApps.stripeConnect.clientId;
  }

  /** Calls on behalf of a connected account need only the platform's secret key. */
  get canActForAccounts(): boolean {
    return !!this.stripe;
  }

  authorizeUrl(input: { state: string; redirectUri: string; email?: string }): string {
    const url = new URL(`${this.config.oauthApps.stripeConnect.authorizeUrl}/express/oauth/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.config.oauthApps.stripeConnect.clientId ?? '');
    url.searchParams.set('scope', 'read_write');
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    if (input.email) url.searchParams.set('stripe_user[email]', input.email);
    return url.toString();
  }

  private client(): Stripe {
    if (!this.stripe) throw new Error('Stripe Connect is not configured');
    return this.stripe;
  }

  async exchange(code: string): Promise<StripeOutcome<ConnectedTokens>> {
    try {
      const token = await this.client().oauth.token({ grant_type: 'authorization_code', code });
      if (!token.stripe_user_id || !token.access_token) {
        return { ok: false, status: 400, message: 'Stripe answered without a connected account.' };
      }
      return {
        ok: true,
        value: {
          stripeUserId: token.stripe_user_id,
          accessToken: token.access_token,
          refreshToken: token.refresh_token ?? '',
          publishableKey: token.stripe_publishable_key ?? '',
          livemode: token.livemode ?? false,
          scope: token.scope ?? '',
        },
      };
    } catch (error) {
      return failure(error);
    }
  }

  async account(stripeUserId: string): Promise<StripeOutcome<Stripe.Account>> {
    try {
      return { ok: true, value: await this.client().accounts.retrieve(stripeUserId) };
    } catch (error) {
      return failure(error);
    }
  }

  /** POST /v1/accounts/{id}/login_links: a single-use Express dashboard link. */
  async loginLink(stripeUserId: string): Promise<StripeOutcome<string>> {
    try {
      return { ok: true, value: (await this.client().accounts.createLoginLink(stripeUserId)).url };
    } catch (error) {
      return failure(error);
    }
  }

  /** POST /oauth/deauthorize: the platform lets go of the account (best effort on disconnect). */
  async deauthorize(stripeUserId: string): Promise<boolean> {
    try {
      await this.client().oauth.deauthorize({
        client_id: this.config.oauthApps.stripeConnect.clientId ?? '',
        stripe_user_id: stripeUserId,
      });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The connected account's customers with this email (`GET /v1/customers?email=`, exact and
   * case-sensitive at Stripe) and their cards (`GET /v1/customers/{id}/payment_methods?type=card`),
   * on behalf of the account (`Stripe-Account`). At most 10 customers and 100 cards each.
   */
  async customerCards(stripeUserId: string, email: string): Promise<StripeOutcome<CustomerCards[]>> {
    const as = { stripeAccount: stripeUserId };
    try {
      const customers = await this.client().customers.list({ email, limit: 10 }, as);
      const out: CustomerCards[] = [];
      for (const customer of customers.data) {
        const methods = await this.client().customers.listPaymentMethods(customer.id, { type: 'card', limit: 100 }, as);
        const preferred = customer.invoice_settings?.default_payment_method;
        const source = customer.default_source;
        out.push({
          customerId: customer.id,
          defaultId: (typeof preferred === 'string' ? preferred : preferred?.id) ?? null,
          defaultSourceId: (typeof source === 'string' ? source : source?.id) ?? null,
          cards: methods.data,
        });
      }
      return { ok: true, value: out };
    } catch (error) {
      return failure(error);
    }
  }

  /** `POST /v1/payment_methods/{id}/detach` on the connected account. */
  async detachPaymentMethod(stripeUserId: string, id: string): Promise<StripeOutcome<void>> {
    try {
      await this.client().paymentMethods.detach(id, {}, { stripeAccount: stripeUserId });
      return { ok: true, value: undefined };
    } catch (error) {
      return failure(error);
    }
  }
}
