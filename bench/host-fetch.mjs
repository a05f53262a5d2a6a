import http from 'node:http';

/**
 * fetch() that keeps the Host header: Node's fetch drops it, so a request would reach the server on
 * the bare address, where the default org is read-only (no sign-in, no writes). The benches' few
 * calls besides autocannon's go through node:http instead.
 */
export function hostFetch(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const buffer = Buffer.concat(chunks);
        const status = response.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          text: async () => buffer.toString('utf8'),
          json: async () => JSON.parse(buffer.toString('utf8')),
          arrayBuffer: async () => buffer,
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
