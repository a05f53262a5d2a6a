import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import type { App } from '../app.ts';

// Every POST/PUT/PATCH route of the OpenAPI document gets hostile input, field by field; none may
// answer 5xx. Provider calls go to a closed local port, so nothing leaves the machine.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
};

/** A plausible value for a schema, so one hostile field is not hidden behind another's "is required". */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return `hostile-${randomUUID().slice(0, 8)}@example.test`;
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'uri') return 'https://example.test/x';
      return 'Hostile text 1';
    default:
      return 'x';
  }
}

/** `{"a":{"a":...1...}}` as text: JSON.stringify would overflow the stack at these depths. */
function nested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

const LONE_SURROGATE = '"lone \\ud800 surrogate"';

/** Raw JSON texts to put in place of one field (raw, so lone surrogates survive serialization). */
const HOSTILE_VALUES: Record<string, string> = {
  nul: JSON.stringify('nul \u0000 char'),
  surrogate: LONE_SURROGATE,
  megabyte: JSON.stringify('m'.repeat(1_048_576)),
  deep: nested(300),
  number: '12345678901234567890',
  negative: '-1',
  float: '1.5',
  array: '["x", 1, null]',
  object: '{"x": {"y": 1}}',
  null: 'null',
  bool: 'false',
  prototype: '{"__proto__": {"isAdmin": true}}',
  constructor: '{"constructor": {"prototype": {"isAdmin": true}}}',
};

/** Whole bodies that are not what any route expects. */
const HOSTILE_BODIES: Record<string, string> = {
  array: '[1, 2, 3]',
  string: '"just a string"',
  null: 'null',
  number: '42',
  prototype: '{"__proto__": {"polluted": true}}',
  deep: nested(5000),
  nulKey: '{"\\u0000": 1}',
};

let app: App;
let tenant: TestTenant;

beforeAll(async () => {
  const closed = 'http://127.0.0.1:9';
  app = await startTestApp({
    providerUrls: {
      razorpay: closed,
      twilio: closed,
      plivo: closed,
      brevo: closed,
      mailchimp: `${closed}/{dc}`,
      zoomApi: closed,
    },
    mxResolver: async () => [],
  });
  tenant = await newTenant(app);
});

function pathWithParams(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (/name/i.test(name) ? 'hostile' : randomUUID()));
}

describe('hostile input to every write route in the OpenAPI document', () => {
  it('never answers 5xx', async () => {
    const doc = json<{ paths: Record<string, Record<string, { requestBody?: any }>> }>(
      await app.inject({ url: '/api/docs/json' }),
    );
    const routes = Object.entries(doc.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => ['post', 'put', 'patch'].includes(method))
          .map(([method, operation]) => ({
            method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH',
            path,
            schema: operation.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
          })),
      )
      // Logging out ends the token the rest of the run uses.
      .sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
    expect(routes.length).toBeGreaterThan(60);

    let token = (await loginAs(app, tenant, 'admin')).access_token;
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, path: string, payload: string, label: string) => {
      const response = await app.inject({
        method: method as 'POST',
        url: pathWithParams(path),
        headers: { ...bearer(token, tenant.host), 'content-type': 'application/json' },
        payload,
      });
      sent++;
      if (response.statusCode >= 500)
        failures.push(`${method} ${path} ${label}: ${response.statusCode} ${response.body}`);
      else if (response.statusCode === 401 && !path.includes('logout') && !path.startsWith('/public/'))
        token = (await loginAs(app, tenant, 'admin')).access_token;
    };

    for (const route of routes) {
      for (const [label, body] of Object.entries(HOSTILE_BODIES))
        await send(route.method, route.path, body, `body=${label}`);
      const base = sample(route.schema);
      if (!base || typeof base !== 'object' || Array.isArray(base)) continue;
      for (const field of Object.keys(base)) {
        for (const [label, raw] of Object.entries(HOSTILE_VALUES)) {
          const rest = JSON.stringify({ ...base, [field]: undefined });
          const payload = rest === '{}' ? `{"${field}":${raw}}` : `${rest.slice(0, -1)},"${field}":${raw}}`;
          await send(route.method, route.path, payload, `${field}=${label}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 300_000);
});
