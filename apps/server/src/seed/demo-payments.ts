import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import { type Db, withTenant } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';
import { upsertCredential } from '../modules/integrations/integrations.repo.ts';
import { CredentialVault, credentialsKey } from '../modules/integrations/vault.ts';

/**
 * SEED_DEMO_STRIPE_ACCOUNT (e2e and local stand-ins only): the demo tenant starts with that Stripe
 * account connected, as Settings > Integrations > Stripe would leave it, so its invoices can be paid
 * by card on the stand-in's Checkout page. Calls on behalf of the account need only the platform's
 * key, so no access token is stored.
 */
export async function connectDemoStripe(db: Db, config: AppConfig, account: string): Promise<void> {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.orgId, 'demo'));
  if (!demo) return;
  const vault = new CredentialVault(await credentialsKey(db, config));
  const sealed = vault.seal(demo.id, 'stripe', {});
  await withTenant(db, demo.id, (tx) =>
    upsertCredential(tx, demo.id, {
      provider: 'stripe',
      kind: 'payment',
      ...sealed,
      hint: '',
      publicFields: { stripeUserId: account, livemode: false, testApiKey: 'pk_test_demo_connected' },
      isIntegrated: true,
      isTestMode: true,
      isVerified: true,
      verifyMessage: `Stripe connected account ${account}.`,
      verifiedAt: new Date(),
    }),
  );
  await db
    .update(tenants)
    .set({ settings: sql`${tenants.settings} || ${JSON.stringify({ paymentProvider: 'STRIPE' })}::jsonb` })
    .where(eq(tenants.id, demo.id));
}
