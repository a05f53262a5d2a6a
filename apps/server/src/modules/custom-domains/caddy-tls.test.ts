import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeDns } from '@atrium/provider-stubs/dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caddyPath, freePort, type RunningCaddy, startCaddy } from '../../../test/caddy.ts';
import { bearer, json, loginAs, newTenant, startTestApp } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { TLS_ASK_PATH } from './custom-domains.routes.ts';

/**
 * The standard on-demand TLS set-up, end to end (docs/operations "Custom domains and TLS"): Debian's
 * caddy with its internal CA in front of the server, asking the server's TLS ask endpoint before it
 * makes a certificate. scripts/ensure-caddy.sh installs caddy; without it (no apt) the test says so
 * and is skipped.
 */
if (!caddyPath)
  console.warn('caddy is not installed: run scripts/ensure-caddy.sh (apt-get install caddy); the TLS test is skipped');

/** What a TLS handshake without a certificate looks like to node (Caddy answers an alert). */
const NO_CERTIFICATE = /alert|handshake|socket hang up|ECONNRESET/i;

/**
 * GET over HTTPS to Caddy on 127.0.0.1 as `name` (SNI and Host), trusting only Caddy's root CA; with
 * no CA, any certificate is taken (so only a handshake without a certificate fails).
 */
function fetchAs(name: string, port: number, path: string, ca?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: name,
        headers: { host: `${name}:${port}` },
        ...(ca ? { ca } : { rejectUnauthorized: false }),
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!caddyPath)('a studio on its own domain over HTTPS through Caddy (on-demand TLS, internal CA)', () => {
  let app: App;
  let dns: FakeDns;
  let caddy: RunningCaddy | null = null;
  let dir = '';
  let httpsPort: number;

  beforeAll(async () => {
    dns = await new FakeDns().start();
    app = await startTestApp({
      customDomains: { target: null, aRecords: [], resolvers: [dns.server], pendingHours: 72, missLimit: 3 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (app.server.address() as { port: number }).port;
    dir = mkdtempSync(join(tmpdir(), 'studio-caddy-'));
    httpsPort = await freePort();
    caddy = await startCaddy({ dir, appPort, askPath: TLS_ASK_PATH, httpsPort });
    // Opening the test database is most of this on a busy machine; Caddy starts in well under a second.
  }, 120_000);

  afterAll(async () => {
    await caddy?.stop();
    await dns?.stop();
    // The app is closed with the others after the file (test/close-apps.ts).
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens the studio on its verified domain and gives an unverified one no certificate', async () => {
    const tenant = await newTenant(app, {
      pages: [{ name: 'home', title: 'Yoga by the river', url: 'home', sequence: 1, isPublished: true }],
    });
    const admin = (await loginAs(app, tenant, 'admin')).access_token;
    const domain = `studio-${tenant.orgId}.example.test`;
    const added = await app.inject({
      method: 'POST',
      url: '/rest/settings/custom-domain',
      headers: bearer(admin, tenant.host),
      payload: { domain },
    });
    expect(added.statusCode).toBe(201);
    const records = json<any>(added).customDomain.records as Array<{ type: string; name: string; value: string }>;
    const txt = records.find((r) => r.type === 'TXT');
    if (!txt) throw new Error('no TXT record');

    // Not proven yet: Caddy asks, is told no, and makes no certificate (the handshake fails).
    await expect(fetchAs(domain, httpsPort, '/ping')).rejects.toThrow(NO_CERTIFICATE);
    dns.set(txt.name, { TXT: [txt.value] });
    const checked = await app.inject({
      method: 'POST',
      url: '/rest/settings/custom-domain/check',
      headers: bearer(admin, tenant.host),
    });
    expect(json<any>(checked).customDomain.status).toBe('verified');

    const rootPath = join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt');
    expect(existsSync(rootPath)).toBe(true);
    const ca = readFileSync(rootPath, 'utf8');
    const ping = await fetchAs(domain, httpsPort, `/ping?name=${domain}`, ca);
    expect(ping.status, caddy?.log()).toBe(200);
    expect(JSON.parse(ping.body)).toMatchObject({ orgId: tenant.orgId });
    const home = await fetchAs(domain, httpsPort, '/', ca);
    expect(home.status).toBe(200);
    expect(home.body).toContain(`Studio ${tenant.orgId}`);
    expect(home.body).toContain('Yoga by the river');

    // Another name, never verified: still no certificate, even trusting the CA.
    await expect(fetchAs(`other-${tenant.orgId}.example.test`, httpsPort, '/')).rejects.toThrow(NO_CERTIFICATE);
    // A studio's own sub-domain gets one too (the ask endpoint knows it).
    const sub = await fetchAs(`${tenant.orgId}.localhost`, httpsPort, `/ping?name=${tenant.orgId}`, ca);
    expect(JSON.parse(sub.body)).toMatchObject({ orgId: tenant.orgId });
  }, 30_000);
});
