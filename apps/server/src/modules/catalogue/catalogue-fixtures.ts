import type { Bundle, Item, ItemCategory, Role } from '@atrium/contracts';
import { beforeAll } from 'vitest';
import { bearer, json, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as `token` on the tenant's host. */
export function caller(app: App) {
  return (token: string, t: TestTenant, method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(token, t.host), payload: payload as object });
}

/**
 * The file's app and twoStudios' studios and tokens in `ctx` (set before the tests run, ahead of the
 * file's own beforeAll), and `call` on that app.
 */
export function studiosWithCaller<R extends Role>(roles: readonly R[], options?: Parameters<typeof twoStudios>[2]) {
  const ctx = {} as { app: App; tenant: TestTenant; other: TestTenant; otherAdmin: string } & Record<R, string>;
  beforeAll(async () => {
    ctx.app = await startTestApp();
    Object.assign(ctx, await twoStudios(ctx.app, roles, options));
  });
  const call: ReturnType<typeof caller> = (...args) => caller(ctx.app)(...args);
  return { ctx, call };
}

export function errorOf(body: string): { message: string; code: string; field?: string } {
  return (JSON.parse(body) as { errors: { message: string; code: string; field?: string } }).errors;
}

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

async function created<T>(response: { statusCode: number; body: string }, what: string): Promise<T> {
  if (response.statusCode !== 201) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as T;
}

export async function makeCategory(
  app: App,
  t: TestTenant,
  token: string,
  body: Record<string, unknown> = {},
): Promise<ItemCategory> {
  const response = await caller(app)(token, t, 'POST', '/snode/icategory', {
    name: `Category ${next()}`,
    categoryType: 'PRODUCT',
    ...body,
  });
  return created<ItemCategory>(response, 'create category');
}

export async function makeItem(
  app: App,
  t: TestTenant,
  token: string,
  categoryId: string,
  body: Record<string, unknown> = {},
): Promise<Item> {
  const response = await caller(app)(token, t, 'POST', '/rest/item', {
    name: `Item ${next()}`,
    categoryId,
    price: 10,
    ...body,
  });
  return created<Item>(response, 'create item');
}

export async function makeBundle(
  app: App,
  t: TestTenant,
  token: string,
  lines: { itemId: string; qty: number }[],
  body: Record<string, unknown> = {},
): Promise<Bundle> {
  const response = await caller(app)(token, t, 'POST', '/snode/pbundle', {
    name: `Bundle ${next()}`,
    price: 20,
    items: lines,
    ...body,
  });
  return created<Bundle>(response, 'create bundle');
}

export { json };
