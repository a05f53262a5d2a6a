// A campaign to 50,000 contacts through the local stand-in of Brevo's transactional API (issue 26):
// the recipients queued (made once, one row each) and timed; then sent by a worker process at the
// stand-in's rate (BENCH_BREVO_RATE calls a second, 429 beyond it), the worker killed (SIGKILL)
// mid-way and a new one started; at the end the stand-in must have accepted exactly one email per
// contact. The worker's resident memory is sampled every second while it sends.
// Usage: npm run bench:campaigns   (BENCH_CONTACTS=50000, BENCH_BREVO_RATE=200, BENCH_KILL_AT=20000,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_campaigns_bench: made when missing, emptied
// and migrated first). Loopback only; stops by itself (BENCH_TIMEOUT_SECONDS=900).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, withTenant } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { campaigns, tenantCredentials } from '../apps/server/src/db/schema/index.ts';
import { beginSending } from '../apps/server/src/modules/campaigns/campaign-sending.ts';
import { CredentialVault, credentialsKey } from '../apps/server/src/modules/integrations/vault.ts';
import { createTenant } from '../apps/server/src/seed/tenants.ts';
import { openBenchDatabase } from './lib/bench-db.mjs';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 50_000);
const RATE = Number(process.env.BENCH_BREVO_RATE ?? 200);
// Mid-batch (batches are 100): the killed worker leaves a batch claimed, partly sent and not written down.
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? Math.floor(CONTACTS * 0.4) + 37);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_campaigns_bench';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 900) * 1000;
const KEY = 'xkeysib-bench-campaigns-0000000001';

const host = new URL(PG_URL).hostname;
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`BENCH_PG_URL must be loopback, not ${host}`);

if (process.argv[2] === '--worker') await worker();
else await main();

/**
 * A worker process: the server (its real app on the bench database, the job runner working) sending
 * the campaign's batches through the stand-in; it sends until the campaign is sent, taking again
 * (after their lease) rows a killed worker left claimed. Prints its memory every second.
 */
async function worker() {
  const { startTestApp } = await import('../apps/server/test/helpers.ts');
  const { runCampaignBatches } = await import('../apps/server/src/modules/campaigns/campaign-sending.ts');
  const [tenantId, campaignId, brevoUrl] = process.argv.slice(3);
  const base = loadConfig({});
  const app = await startTestApp({ providerUrls: { ...base.providerUrls, brevo: brevoUrl } });
  // The heap after a full collection says whether memory stays flat (RSS alone grows until V8 collects).
  setInterval(() => {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    console.log(`rss ${rss} heap ${heapUsed}`);
  }, 1000).unref();
  const job = { tenantId, campaignId };
  for (;;) {
    await runCampaignBatches(app.platform, job);
    const [row] = await app.platform.db
      .execute(sql`select status from campaigns where id = ${campaignId}::uuid`)
      .then((r) => r.rows);
    if (row?.status !== 'sending') break;
    // Rows a killed worker left claimed wait out their lease; then this worker takes them.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log('done');
  process.exit(0);
}

async function main() {
  setTimeout(() => {
    console.error(`bench:campaigns did not finish within ${TIMEOUT_MS / 1000} s`);
    process.exit(1);
  }, TIMEOUT_MS).unref();
  const client = await openBenchDatabase(PG_URL);
  await client.end();
  const database = await openDatabase({ databaseUrl: PG_URL, dataDir: null, poolSize: 4 });
  await migrateDatabase(database);
  const db = database.db;
  const config = loadConfig({});

  // The stand-in lives in this process, so a killed worker cannot take its count with it.
  const stub = await startProviderStub({ brevo: [KEY] });
  stub.record = false;
  stub.brevo.keepBodies = false;
  stub.brevo.ratePerSecond = RATE;

  const orgId = `bench${randomBytes(4).toString('hex')}`;
  const { tenantId } = await createTenant(db, { name: 'Bench Studio', orgId });
  const vault = new CredentialVault(await credentialsKey(db, config));
  let seeded = performance.now();
  await withTenant(db, tenantId, async (tx) => {
    await tx.insert(tenantCredentials).values({
      tenantId,
      provider: 'brevo',
      kind: 'campaign',
      ...vault.seal(tenantId, 'brevo', { sibApiKey: KEY }),
      hint: '0001',
      publicFields: { fromName: 'Bench Studio', fromEmail: 'hello@bench.test' },
      isIntegrated: true,
    });
    await tx.execute(sql`insert into contacts (tenant_id, email, name, last_name, role, subscribe_to_mailing_list)
      select ${tenantId}::uuid, 'member' || n || '@bench.test', 'Member', n::text, 'student', true
      from generate_series(1, ${CONTACTS}) n`);
  });
  console.log(`seeded ${CONTACTS} contacts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const [campaign] = await withTenant(db, tenantId, (tx) =>
    tx
      .insert(campaigns)
      .values({
        tenantId,
        name: 'Bench',
        subject: 'Hello {{firstName}}',
        bodyHtml: '<p>Dear {{firstName}} {{lastName}},</p><p>The new timetable is out at {{studioName}}.</p>',
        audience: { kind: 'all' },
        provider: 'brevo',
      })
      .returning({ id: campaigns.id }),
  );

  // Queued: the recipients made once (one row per contact) and the campaign marked sending.
  seeded = performance.now();
  const total = await withTenant(db, tenantId, (tx) =>
    beginSending(tx, tenantId, campaign.id, { kind: 'all' }, new Date(), 'brevo'),
  );
  const queuedSeconds = (performance.now() - seeded) / 1000;
  console.log(`queued ${total} recipients in ${queuedSeconds.toFixed(1)} s`);

  const rss = [];
  const start = (label) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--worker', tenantId, campaign.id, stub.url],
      { env: { ...process.env, TEST_DATABASE_URL: PG_URL }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      for (const line of chunk.split('\n')) {
        const match = /^rss (\d+) heap (\d+)/.exec(line);
        if (match) rss.push({ label, at: stub.brevo.emails.length, rss: Number(match[1]), heap: Number(match[2]) });
      }
    });
    return child;
  };

  const sendStarted = performance.now();
  const first = start('first');
  while (stub.brevo.emails.length < KILL_AT) {
    if (first.exitCode !== null) throw new Error('the first worker ended before it was killed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const atKill = stub.brevo.emails.length;
  const killedAfter = (performance.now() - sendStarted) / 1000;
  console.log(`killed the worker (SIGKILL) after ${killedAfter.toFixed(1)} s with ${atKill} emails accepted`);
  const restarted = performance.now();
  const second = start('second');
  const code = await new Promise((resolve) => second.once('exit', resolve));
  if (code !== 0) throw new Error(`the second worker ended with ${code}`);
  const sendSeconds = (performance.now() - sendStarted) / 1000;

  const perAddress = new Map();
  for (const email of stub.brevo.emails) perAddress.set(email.to, (perAddress.get(email.to) ?? 0) + 1);
  const twice = [...perAddress.values()].filter((n) => n > 1).length;
  const [status] = await withTenant(db, tenantId, (tx) =>
    tx.execute(sql`select status, (select count(*)::int from campaign_recipients where campaign_id = ${campaign.id}::uuid and status = 'sent') as sent
      from campaigns where id = ${campaign.id}::uuid`),
  ).then((r) => r.rows);
  const mb = (bytes) => Math.round(bytes / 1024 / 1024);
  const band = (label, key = 'rss') => {
    const values = rss.filter((s) => s.label === label).map((s) => s[key]);
    // The first samples are the server starting; the band is taken once it sends.
    const sending = values.slice(Math.min(3, Math.max(0, values.length - 1)));
    return sending.length ? `${mb(Math.min(...sending))}-${mb(Math.max(...sending))} MB` : 'n/a';
  };
  const result = {
    contacts: CONTACTS,
    queuedSeconds: Number(queuedSeconds.toFixed(1)),
    standInRatePerSecond: RATE,
    throttled429: stub.brevo.throttled,
    killedAtAccepted: atKill,
    secondWorkerSeconds: Number(((performance.now() - restarted) / 1000).toFixed(1)),
    sendSeconds: Number(sendSeconds.toFixed(1)),
    emailsAccepted: stub.brevo.emails.length,
    distinctAddresses: perAddress.size,
    addressesTwice: twice,
    idempotentReplays: stub.brevo.replayed,
    campaign: status,
    rssFirstWorker: band('first'),
    rssSecondWorker: band('second'),
    heapAfterGcFirstWorker: band('first', 'heap'),
    heapAfterGcSecondWorker: band('second', 'heap'),
  };
  console.log(JSON.stringify(result, null, 2));
  const ok = queuedSeconds < 30 && perAddress.size === CONTACTS && twice === 0 && stub.brevo.emails.length === CONTACTS;
  await stub.close();
  await database.close();
  if (!ok) {
    console.error('bench:campaigns FAILED: not exactly one email per contact, or queued too slowly');
    process.exit(1);
  }
  console.log('bench:campaigns: every contact got exactly one email');
  process.exit(0);
}
