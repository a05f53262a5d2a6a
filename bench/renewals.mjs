// The membership renewal job (apps/server modules/memberships runRenewals): 10,000 due
// subscriptions across 50 tenants, charged by two workers at once (two app instances, each with its
// own connection pool on PostgreSQL; on embedded PGlite the two share its one connection) against
// the local Stripe stand-in. Reports the time to drain and checks that every cycle was charged
// exactly once (the stand-in's charges by subscription and cycle, and the cycles paid in the database).
// Usage: npm run bench:renewals   (BENCH_SUBS=10000, BENCH_ONLY=pglite|postgres, BENCH_CONCURRENCY, BENCH_PER_TENANT,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_mem, made and migrated when missing). Its
// tenants are deleted at the end. Progress is printed as it goes (seeding, then charges every 2 s).
import { randomBytes } from 'node:crypto';
import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { inArray } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, withTenant } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { itemCategories, items, subscriptions, tenants } from '../apps/server/src/db/schema/index.ts';
import { runRenewals } from '../apps/server/src/modules/memberships/renewals.service.ts';
import { StripeGateway } from '../apps/server/src/modules/payments/stripe-gateway.ts';
import { createTenant, createUsers } from '../apps/server/src/seed/tenants.ts';
import { closeOpenApps, startTestApp } from '../apps/server/test/helpers.ts';
import { ensureDatabase } from './lib/bench-db.mjs';

const SUBS = Number(process.env.BENCH_SUBS ?? 10_000);
const TENANTS = 50;
// BENCH_CONCURRENCY and BENCH_PER_TENANT override runRenewals' defaults (to compare settings)
const RUN_OPTIONS = {
  ...(process.env.BENCH_CONCURRENCY ? { concurrency: Number(process.env.BENCH_CONCURRENCY) } : {}),
  ...(process.env.BENCH_PER_TENANT ? { perTenant: Number(process.env.BENCH_PER_TENANT) } : {}),
};
const ONLY = process.env.BENCH_ONLY ?? '';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_mem';
const KEY = 'sk_test_bench_renewals';
const host = new URL(PG_URL).hostname;
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`BENCH_PG_URL must be loopback, not ${host}`);
setTimeout(() => {
  console.error('bench:renewals did not finish within 15 minutes');
  process.exit(1);
}, 900_000).unref();

async function stripe(stub, account, path, form = {}, method = 'POST') {
  const response = await fetch(`${stub.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${KEY}`,
      'stripe-account': account,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'POST' ? new URLSearchParams(form).toString() : undefined,
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body;
}

async function bench(label) {
  const accounts = Array.from({ length: TENANTS }, (_, i) => `acct_bench_${i}`);
  const stub = await startProviderStub({ stripeCheckout: { secretKey: KEY, accounts } });
  const base = loadConfig({});
  const overrides = {
    platformBilling: { ...base.platformBilling, stripeSecretKey: KEY, stripePublishableKey: 'pk_test_bench' },
    payments: { ...base.payments, stripeApiBase: stub.url },
  };
  const [one, two] = [await startTestApp(overrides), await startTestApp(overrides)];
  const db = one.platform.db;
  const due = new Date(Date.now() - 60_000);
  const tenantIds = [];
  const perTenant = Math.ceil(SUBS / TENANTS);
  let made = 0;
  const seedStarted = performance.now();
  console.log(`${label}: seeding ${SUBS} due subscriptions across ${TENANTS} tenants`);
  for (const [index, account] of accounts.entries()) {
    if (index > 0 && index % 10 === 0) console.log(`${label}:   ${index} of ${TENANTS} tenants seeded`);
    const orgId = `bench${randomBytes(4).toString('hex')}`;
    const { tenantId } = await createTenant(db, { name: `Bench ${index}`, orgId });
    tenantIds.push(tenantId);
    const [member] = await createUsers(db, tenantId, [
      {
        email: `member@${orgId}.test`,
        password: 'Bench-password-1',
        name: 'Member',
        lastName: String(index),
        role: 'student',
      },
    ]);
    // one saved card per tenant, made on the stand-in's setup page as a member would
    const customer = await stripe(stub, account, '/v1/customers', { email: `member@${orgId}.test` });
    const session = await stripe(stub, account, '/v1/checkout/sessions', {
      mode: 'setup',
      customer: customer.id,
      success_url: 'http://localhost/ok',
      cancel_url: 'http://localhost/back',
    });
    const { paymentMethod } = stub.stripeSavedCards.saveCard(session.id, '4242424242424242');
    const count = Math.min(perTenant, SUBS - made);
    made += count;
    await withTenant(db, tenantId, async (tx) => {
      const [category] = await tx
        .insert(itemCategories)
        .values({ tenantId, name: 'Memberships', categoryType: 'SERVICE' })
        .returning();
      const [item] = await tx
        .insert(items)
        .values({ tenantId, categoryId: category.id, kind: 'membership', name: 'Monthly', priceMinor: 3000 })
        .returning();
      const rows = Array.from({ length: count }, (_, n) => ({
        tenantId,
        contactId: member.id,
        itemId: item.id,
        name: 'Monthly',
        membershipType: 'unlimited',
        frequency: 'monthly',
        status: 'active',
        priceMinor: 3000,
        currency: 'USD',
        nextChargeAt: due,
        periodEndsAt: due,
        billingDay: due.getUTCDate(),
        provider: 'stripe',
        providerAccount: account,
        providerCustomer: customer.id,
        paymentMethodId: paymentMethod,
        paymentMethodLabel: 'visa ending 4242',
        setupRef: `bench-${tenantId}-${n}`,
        startedAt: due,
      }));
      for (let at = 0; at < rows.length; at += 500) await tx.insert(subscriptions).values(rows.slice(at, at + 500));
    });
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const gateway = () => new StripeGateway(KEY, null, stub.url);
  console.log(`${label}: seeded in ${seedSeconds.toFixed(1)} s; two workers charging`);
  const started = performance.now();
  const progress = setInterval(() => {
    const charged = stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId).length;
    const seconds = (performance.now() - started) / 1000;
    console.log(`${label}:   ${charged} of ${SUBS} charged after ${seconds.toFixed(0)} s`);
  }, 2_000);
  const [a, b] = await Promise.all([
    runRenewals(one.platform, gateway(), RUN_OPTIONS),
    runRenewals(two.platform, gateway(), RUN_OPTIONS),
  ]).finally(() => clearInterval(progress));
  const drainSeconds = (performance.now() - started) / 1000;

  const ours = stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId);
  const byCycle = new Map();
  for (const c of ours) {
    const key = `${c.metadata.subscriptionId}:${c.metadata.cycle}`;
    byCycle.set(key, (byCycle.get(key) ?? 0) + 1);
  }
  const doubles = [...byCycle.values()].filter((n) => n > 1).length;
  const paid = await one.platform.database.sql.query(
    `select count(*)::int as n from subscription_cycles where tenant_id = any($1::uuid[]) and status = 'paid'`,
    [tenantIds],
  );
  const result = {
    database: label,
    subscriptions: SUBS,
    tenants: TENANTS,
    workers: 2,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    drainSeconds: Number(drainSeconds.toFixed(1)),
    chargesPerSecond: Math.round(SUBS / drainSeconds),
    workerA: a,
    workerB: b,
    providerCharges: ours.length,
    cyclesCharged: byCycle.size,
    doubleCharges: doubles,
    cyclesPaidInDatabase: paid.rows[0].n,
  };
  console.log(JSON.stringify(result));
  // the bench's tenants go (cascade: their subscriptions, cycles, invoices)
  await db.delete(tenants).where(inArray(tenants.id, tenantIds));
  await closeOpenApps();
  await stub.close();
  if (doubles > 0 || byCycle.size !== SUBS || paid.rows[0].n !== SUBS) {
    console.error('renewals bench: a cycle was missed or charged twice');
    process.exitCode = 1;
  }
}

if (ONLY !== 'postgres') {
  console.log('pglite: an embedded database in memory');
  delete process.env.TEST_DATABASE_URL;
  await bench('pglite');
}
/** The PostgreSQL database: made when missing, and migrated (the test app expects its tables). */
async function preparePostgres() {
  await ensureDatabase(PG_URL);
  const database = await openDatabase({ databaseUrl: PG_URL, dataDir: null, poolSize: 2 });
  await migrateDatabase(database);
  await database.close();
}

if (ONLY !== 'pglite') {
  console.log(`postgres: preparing ${PG_URL}`);
  await preparePostgres();
  process.env.TEST_DATABASE_URL = PG_URL;
  await bench('postgres');
}
process.exit(process.exitCode ?? 0);
