// Signed-in GET measurements against a bench server: the demo admin's token, one request timed alone,
// and autocannon with p95 from every response's own time (autocannon itself reports p97.5 and p99).
import autocannon from 'autocannon';
import { hostFetch } from '../host-fetch.mjs';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

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
            times.sort((a, b) => a - b);
            resolve({
              title,
              requests: times.length,
              rps: result.requests.average,
              p50: percentile(times, 50),
              p95: percentile(times, 95),
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
