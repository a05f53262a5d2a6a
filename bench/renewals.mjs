// The membership renewal job (apps/server modules/memberships runRenewals): 10,000 due
// subscriptions across 50 tenants, charged by two workers at once (two app instances, each with its
// own connection pool on PostgreSQL; on embedded PGlite the two share its one connection) against
// the local Stripe stand-in. Reports the time to drain and checks that every cycle was charged
// exactly once (the stand-in's charges by subscription and cycle, and the cycles paid in the database).
// Usage: npm run bench:renewals   (BENCH_SUBS=10000, BENCH_ONLY=pglite|postgres, BENCH_CONCURRENCY, BENCH_PER_TENANT,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_mem, made and migrated when missing; BENCH_STATEMENTS=1
// prints the statements per renewal). Its
// tenants are deleted at the end. Progress is printed as it goes (seeding, then charges every 2 s).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
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
import { statementTally } from './lib/statement-tally.mjs';

const SUBS = Number(process.env.BENCH_SUBS ?? 10_000);
const TENANTS = 50;
// BENCH_CONCURRENCY and BENCH_PER_TENANT override runRenewals' defaults (to compare settings)
const RUN_OPTIONS = {
  ...(process.env.BENCH_CONCURRENCY ? { concurrency: Number(process.env.BENCH_CONCURRENCY) } : {}),
  ...(process.env.BENCH_PER_TENANT ? { perTenant: Number(process.env.BENCH_PER_TENANT) } : {}),
};
const ONLY = process.env.BENCH_ONLY ?? '';
// BENCH_STATEMENTS=1: the statements sent to PostgreSQL per renewal, by text, printed at the end
const tally = process.env.BENCH_STATEMENTS ? statementTally() : null;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_mem';
const KEY = 'sk_test_bench_renewals';
const host = new URL(PG_URL).hostname;
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`BENCH_PG_URL must be loopback, not ${host}`);
setTimeout(() => {
  console.error('bench:renewals did not finish within 15 minutes');
  process.exit(1);
}, 900_000).unref();

/** CPU ms (user + system) of a process so far, from /proc; null where /proc is not there. */
function procCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU used during the run: this process (both app instances, their mail jobs and the Stripe
 * stand-in: they all run here) and the PostgreSQL backends on the bench database. Backends are read
 * at the start, at each progress tick and at the end: one that closes between ticks loses at most
 * its last two seconds.
 */
function cpuMeter(sqlOf) {
  let started = null;
  /** CPU of each backend when first seen: at the start; a backend opened later counts from zero. */
  const base = new Map();
  const last = new Map();
  const read = async (atStart = false) => {
    const { rows } = await sqlOf.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const ms = procCpuMs(pid);
      if (ms === null) continue;
      if (!base.has(pid)) base.set(pid, atStart ? ms : 0);
      last.set(pid, ms);
    }
  };
  return {
    start: async () => {
      await read(true);
      started = process.cpuUsage();
    },
    read: () => read().catch(() => {}),
    done: async () => {
      await read();
      const used = process.cpuUsage(started);
      let postgres = 0;
      for (const [pid, ms] of last) postgres += ms - (base.get(pid) ?? 0);
      return { node: (used.user + used.system) / 1000, postgres };
    },
  };
}

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
  // one job schema for both, as two processes of one server share theirs: an email either app queues
  // is one job (in this one process the outbox's list of written emails is shared by both apps)
  // Their job workers look for jobs every 2 s as the server's do (a test app's look every second: with
  // some 50 queues and their dead letters that was about 100 polls a second for the two apps).
  const jobSchema = `pgboss_test_bench_${randomBytes(4).toString('hex')}`;
  const build = { jobSchema, jobPollingSeconds: 2 };
  const [one, two] = [await startTestApp(overrides, build), await startTestApp(overrides, build)];
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
  const sql = one.platform.database.sql;
  // receipts: the paid emails of the bench's tenants, sent by each app's mail job
  const receiptCounts = async () => {
    const { rows } = await sql.query(
      `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'pending')::int as pending,
         count(*) filter (where status = 'failed')::int as failed, max(sent_at) as last
       from outbox_emails where tenant_id = any($1::uuid[])`,
      [tenantIds],
    );
    return rows[0];
  };
  const meter = cpuMeter(sql);
  await meter.start();
  tally?.start();
  const startedAt = Date.now();
  const started = performance.now();
  // the CPU used until the last charge (read every 250 ms): the charges' own, before the receipts left
  let cpuToLastCharge = null;
  const chargedWatch = setInterval(() => {
    if (cpuToLastCharge) return;
    const charged = stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId).length;
    if (charged >= SUBS) cpuToLastCharge = meter.done();
  }, 250);
  const progress = setInterval(() => {
    const charged = stub.stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId).length;
    const seconds = (performance.now() - started) / 1000;
    console.log(`${label}:   ${charged} of ${SUBS} charged after ${seconds.toFixed(0)} s`);
    void meter.read();
  }, 2_000);
  const [a, b] = await Promise.all([
    runRenewals(one.platform, gateway(), RUN_OPTIONS),
    runRenewals(two.platform, gateway(), RUN_OPTIONS),
  ]).finally(() => {
    clearInterval(progress);
    clearInterval(chargedWatch);
  });
  const chargesCpu = await cpuToLastCharge;
  const drainSeconds = (performance.now() - started) / 1000;
  // every receipt must go out: wait (up to 10 minutes) until none of the bench's emails is pending
  let receipts = await receiptCounts();
  const receiptsWaitUntil = Date.now() + 600_000;
  while (receipts.pending > 0 && Date.now() < receiptsWaitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await meter.read();
    receipts = await receiptCounts();
  }
  const cpu = await meter.done();
  tally?.stop();
  // when the last charge was recorded (its payment row), apart from the receipts that follow it
  const lastPayment = await sql.query(
    `select max(created_at) as last from invoice_payments where tenant_id = any($1::uuid[])`,
    [tenantIds],
  );
  const chargesSeconds = (new Date(lastPayment.rows[0].last).getTime() - startedAt) / 1000;
  const lastReceiptSeconds = receipts.last ? (new Date(receipts.last).getTime() - startedAt) / 1000 : null;

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
    // from the start of the run to the last payment recorded: the charges' own rate
    chargesSeconds: Number(chargesSeconds.toFixed(1)),
    chargesPerSecond: Math.round(SUBS / chargesSeconds),
    // until both runRenewals calls returned (they wait for their receipts to be sent)
    drainSeconds: Number(drainSeconds.toFixed(1)),
    // when the last receipt (the paid email with its invoice PDF) went out, from the start of the charges
    receiptsSent: receipts.sent,
    receiptsPending: receipts.pending,
    receiptsFailed: receipts.failed,
    lastReceiptSeconds: lastReceiptSeconds === null ? null : Number(lastReceiptSeconds.toFixed(1)),
    // CPU per renewal (ms) from the start of the charges to the last receipt: this process (both
    // app instances, their mail jobs, the Stripe stand-in) and the bench database's PostgreSQL backends
    cpuMsPerRenewal: {
      node: Number((cpu.node / SUBS).toFixed(1)),
      postgres: Number((cpu.postgres / SUBS).toFixed(1)),
      total: Number(((cpu.node + cpu.postgres) / SUBS).toFixed(1)),
    },
    // the same until the last charge the stand-in took (within 250 ms): the charges without most receipts
    cpuMsPerCharge: chargesCpu
      ? {
          node: Number((chargesCpu.node / SUBS).toFixed(1)),
          postgres: Number((chargesCpu.postgres / SUBS).toFixed(1)),
          total: Number(((chargesCpu.node + chargesCpu.postgres) / SUBS).toFixed(1)),
        }
      : null,
    loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
    workerA: a,
    workerB: b,
    providerCharges: ours.length,
    cyclesCharged: byCycle.size,
    doubleCharges: doubles,
    cyclesPaidInDatabase: paid.rows[0].n,
  };
  console.log(JSON.stringify(result));
  if (tally) console.log(tally.report(SUBS));
  // the bench's tenants go (cascade: their subscriptions, cycles, invoices)
  await db.delete(tenants).where(inArray(tenants.id, tenantIds));
  await closeOpenApps();
  await stub.close();
  if (process.env.TEST_DATABASE_URL) {
    const cleanup = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: null, poolSize: 1 });
    await cleanup.sql.query(`drop schema if exists ${jobSchema} cascade`);
    await cleanup.close();
  }
  if (doubles > 0 || byCycle.size !== SUBS || paid.rows[0].n !== SUBS) {
    console.error('renewals bench: a cycle was missed or charged twice');
    process.exitCode = 1;
  }
  if (receipts.sent !== SUBS) {
    console.error(`renewals bench: ${receipts.sent} receipts sent for ${SUBS} renewals`);
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
