import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.ts';

// Its own file (isolated): tracing registers a global tracer provider for the process.

interface Received {
  path: string;
  contentType: string;
  body: {
    resourceSpans: Array<{
      resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
      scopeSpans: Array<{
        scope: { name: string };
        spans: Array<{
          name: string;
          traceId: string;
          attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
        }>;
      }>;
    }>;
  };
}

/** A tiny OTLP/HTTP collector: keeps every export it is sent. */
function startCollector(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        contentType: String(request.headers['content-type']),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }),
    ),
  );
}

describe('OpenTelemetry traces', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(() => new Promise<void>((resolve) => collector.server.close(() => resolve())));

  it('exports a span for a request to the OTLP endpoint, with its route, status and request id', async () => {
    process.env.OTEL_SERVICE_NAME = 'studio-platform-test';
    const app = await startTestApp({ otlpEndpoint: collector.url });
    const response = await app.inject({ url: '/ping', headers: { 'x-request-id': 'trace-test-0001' } });
    expect(response.statusCode).toBe(200);
    // Probes are not traced.
    await app.inject({ url: '/readyz' });

    const spans = () =>
      collector.received.flatMap((r) =>
        r.body.resourceSpans.flatMap((rs) =>
          rs.scopeSpans.flatMap((ss) =>
            ss.spans.map((span) => ({ ...span, scope: ss.scope.name, resource: rs.resource })),
          ),
        ),
      );
    const attribute = (
      span: { attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }> },
      key: string,
    ) => {
      const value = span.attributes.find((a) => a.key === key)?.value;
      return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
    };
    const deadline = Date.now() + 15_000;
    while (!spans().some((span) => span.name === 'request') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(collector.received[0]?.path).toBe('/v1/traces');
    expect(collector.received[0]?.contentType).toMatch(/^application\/json/);
    const request = spans().find((span) => span.name === 'request' && attribute(span, 'http.route') === '/ping');
    expect(request, JSON.stringify(spans().map((s) => s.name))).toBeDefined();
    if (!request) return;
    expect(request.scope).toBe('@fastify/otel');
    expect(attribute(request, 'http.request.id')).toBe('trace-test-0001');
    expect(attribute(request, 'http.response.status_code')).toBe('200');
    expect(request.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue).toBe(
      'studio-platform-test',
    );
    // The handler's span is a child in the same trace.
    expect(spans().some((span) => span.name.startsWith('handler') && span.traceId === request.traceId)).toBe(true);
    expect(spans().some((span) => attribute(span, 'http.route') === '/readyz')).toBe(false);
    await app.close();
    // a whole app started with the OpenTelemetry SDK loaded, then the batch export: 20-35 s beside the browser run
  }, 120_000);
});
