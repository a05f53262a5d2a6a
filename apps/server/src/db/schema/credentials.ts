import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from './columns.ts';

/**
 * The credential vault (spec 2 §3 "Payment key record", "SMS tenant", "Campaign tenant"): one row
 * per tenant and provider. The secret fields (secret keys, auth tokens, API keys) are one JSON object
 * encrypted with AES-256-GCM (`ciphertext`, `iv`, `tag`, base64; additional data `tenantId:provider`,
 * so a row copied to another tenant or provider does not decrypt). `keyVersion` names the key it was
 * sealed with. Only `hint` (the last four characters of the main secret) and the non-secret fields in
 * `publicFields` are ever answered.
 */
export const tenantCredentials = pgTable(
  'tenant_credentials',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** pspring, stripe, razorpay, phonepe, paytm, twilio, plivo, brevo, mailchimp. */
    provider: text('provider').notNull(),
    /** payment, sms or campaign. */
    kind: text('kind', { enum: ['payment', 'sms', 'campaign', 'oauth'] }).notNull(),
    ciphertext: text('ciphertext').notNull(),
    iv: text('iv').notNull(),
    tag: text('tag').notNull(),
    keyVersion: integer('key_version').notNull().default(1),
    /** Last four characters of the main secret ('' when none). */
    hint: text('hint').notNull().default(''),
    /** Non-secret fields (publishable keys, account ids, sender, footer, page size, per-field hints). */
    publicFields: jsonb('public_fields').$type<Record<string, unknown>>().notNull().default({}),
    isIntegrated: boolean('is_integrated').notNull().default(false),
    isTestMode: boolean('is_test_mode').notNull().default(false),
    /** Whether the provider accepted the credentials when they were last checked; null when not checked. */
    isVerified: boolean('is_verified'),
    verifyMessage: text('verify_message').notNull().default(''),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tenant_credentials_tenant_provider_uq').on(t.tenantId, t.provider),
    index('tenant_credentials_tenant_kind_idx').on(t.tenantId, t.kind),
  ],
);
