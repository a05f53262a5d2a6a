import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: app.ts imports this file
 * lazily, so a start without it loads none of the SDK. A span per request (with @fastify/otel's hook
 * and handler spans under it) goes to {endpoint}/v1/traces over OTLP/HTTP (JSON), batched; the
 * request span carries the request id (http.request.id) that the log lines and error bodies carry. The
 * exporter reads the standard OTEL_* variables (headers, timeout; OTEL_SERVICE_NAME names the service).
 * Versions: the SDK's 2.x line with exporter 0.22x; the 3.x line (exporter 0.30x) needs Node 22.15
 * (docs/decisions/platform.md).
 */
export async function registerTracing(
  app: FastifyInstance,
  endpoint: string,
): Promise<{ flush(): Promise<void>; close(): Promise<void> }> {
  const [{ default: FastifyOtelInstrumentation }, { OTLPTraceExporter }, sdk, resources] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    // Its own sdk-trace-base (2.x) comes through it: the hoisted one is another package's 1.x.
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new sdk.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'studio-platform' }),
    spanProcessors: [new sdk.BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  // Global, so spans made anywhere in this process (and context across awaits) reach the exporter.
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    // Probes and scrapes every few seconds would drown the traces that matter.
    ignorePaths: (route: { url: string }) => ['/metrics', '/readyz', '/healthz'].includes(route.url),
    requestHook: (span, request) => span.setAttribute('http.request.id', String(request.id)),
  });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  return {
    flush: () => provider.forceFlush(),
    close: () => provider.shutdown(),
  };
}
