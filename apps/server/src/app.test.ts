import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../test/helpers.ts';
import type { App } from './app.ts';

let app: App;
let a: TestTenant;
beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
});

describe('platform routes', () => {
  it('/healthz needs no tenant', async () => {
    const response = await app.inject({ url: '/healthz', headers: { host: 'whatever.example' } });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = json<any>(response);
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/login', '/public/user/signin', '/ping', '/refresh-access-token', '/rest/reInitInfo']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/login'].post.requestBody).toBeTruthy();
  });

  it('sets security headers and a CSP on every answer', async () => {
    const response = await app.inject({ url: '/ping', headers: { host: a.host } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers an unknown API path with the one error shape', async () => {
    const response = await app.inject({ url: '/rest/no-such-thing', headers: { host: a.host } });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ errors: { message: 'Not found.', code: 'not_found' } });
  });

  it('compresses answers over 1 KB as the client accepts (brotli first), never small ones', async () => {
    const plain = await app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const brotli = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);

    const gzip = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
