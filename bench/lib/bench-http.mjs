// Signed-in GET measurements against a bench server: the demo admin's token, one request timed alone,
// and autocannon with p95 from every response's own time (autocannon itself reports p97.5 and p99).
import autocannon from 'autocannon';
import { hostFetch } from '../host-fetch.mjs';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** An autocannon run's figures: requests, their rate, p50 and p95 from every response's own time. */
export function latencyOf(title, times, result) {
  times.sort((a, b) => a - b);
  return {
    title,
    requests: times.length,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

/** How many answers had each status ({ 200: 3, 409: 47 }). */
export const countBy = (answers) => {
  const counts = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
};

/**
 * One call to a bench server at `base` as `host` (JSON body, bearer token when given): its status, its
 * time with the body read, and the body as `read` reads it (text by default).
 */
export async function benchCall(base, host, method, path, body, token, read = (response) => response.text()) {
  const started = performance.now();
  const response = await hostFetch(`${base}${path}`, {
    method,
    headers: {
      host,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const content = await read(response);
  return { status: response.status, ms: performance.now() - started, content };
}

/** A bench's assertions: each printed ok or FAIL; `failures` keeps the failed ones (the bench exits 1). */
export function checker() {
  const failures = [];
  return {
    failures,
    check(what, ok) {
      console.log(`   ${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failures.push(what);
    },
  };
}

/** The demo tenant's admin on a bench server at `port`: where to call and how to sign in. */
export function demoTarget(port) {
  const host = `demo.localhost:${port}`;
  const base = `http://127.0.0.1:${port}`;
  return {
    host,
    base,
    async login() {
      const response = await hostFetch(`${base}/login`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'admin@demo.test', password: 'Atrium-demo-1' }),
      });
      if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
      return (await response.json()).access_token;
    },
    /** One GET on its own: its time and its body (a Buffer). */
    async timed(path, token) {
      const started = performance.now();
      const response = await hostFetch(`${base}${path}`, { headers: { host, authorization: `Bearer ${token}` } });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${body.toString('utf8').slice(0, 200)}`);
      return { ms: performance.now() - started, body };
    },
    /** autocannon on one GET; any answer but a 2xx fails the measurement. */
    measure(title, path, token, { connections, duration }) {
      return new Promise((resolve, reject) => {
        const times = [];
        const instance = autocannon(
          {
            url: `${base}${path}`,
            connections,
            duration,
            timeout: 120,
            headers: { host, authorization: `Bearer ${token}` },
          },
          (error, result) => {
            if (error) return reject(error);
            if (result.non2xx > 0) return reject(new Error(`${title}: ${result.non2xx} non-2xx answers`));
            resolve({
              ...latencyOf(title, times, result),
              p975: result.latency.p97_5,
              p99: result.latency.p99,
              errors: result.errors,
            });
          },
        );
        instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
      });
    },
  };
}
