import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { AfterAnswer } from './lib/after-answer.ts';
import { CacheBus } from './lib/cache-bus.ts';
import { MovableClock } from './lib/clock.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { registerAssessmentRoutes } from './modules/assessments/assessments.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { AuthThrottle, scheduleAttemptPruning } from './modules/auth/auth-throttle.ts';
import { SessionGate } from './modules/auth/session-gate.ts';
import { AccessTokens } from './modules/auth/tokens.ts';
import { registerCampaignRoutes } from './modules/campaigns/campaigns.routes.ts';
import { registerSmsCampaignRoutes } from './modules/campaigns/sms-campaigns.routes.ts';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { registerCheckoutRoutes } from './modules/checkout/checkout.routes.ts';
import { registerContactRoutes } from './modules/contacts/contacts.routes.ts';
import { registerCourseRoutes } from './modules/courses/courses.routes.ts';
import { registerCustomDomainRoutes } from './modules/custom-domains/custom-domains.routes.ts';
import { registerCustomFieldRoutes } from './modules/custom-fields/custom-fields.routes.ts';
import { registerDonationRoutes } from './modules/donations/donations.routes.ts';
import { registerEmailTemplateRoutes } from './modules/email-templates/email-templates.routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerFormRoutes } from './modules/forms/forms.routes.ts';
import { registerFranchiseRoutes } from './modules/franchise/franchise.routes.ts';
import { registerGetStartedRoutes } from './modules/get-started/get-started.routes.ts';
import { registerIntegrationRoutes } from './modules/integrations/integrations.routes.ts';
import { registerInvoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { JobRunner } from './modules/jobs/job-runner.ts';
import { Outbox } from './modules/mail/outbox.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { S3Storage } from './modules/media/media.s3-storage.ts';
import { LocalDiskStorage } from './modules/media/media.storage.ts';
import { registerMembershipRoutes } from './modules/memberships/memberships.routes.ts';
import { registerNoticeRoutes } from './modules/notices/notices.routes.ts';
import { registerOfferRoutes } from './modules/offers/offers.routes.ts';
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { registerOperatorRoutes } from './modules/operator/operator.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { registerMenuRoutes } from './modules/ping/menu.routes.ts';
import { registerPingRoutes } from './modules/ping/ping.routes.ts';
import { registerPlanRoutes } from './modules/plan/plan.routes.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { registerQbankRoutes } from './modules/qbank/qbank.routes.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { registerReviewRoutes } from './modules/reviews/reviews.routes.ts';
import { registerEventRoutes } from './modules/scheduling/events.routes.ts';
import { registerSchedulingRoutes } from './modules/scheduling/scheduling.routes.ts';
import { registerPaymentSettingsRoutes } from './modules/settings/payment-settings.routes.ts';
import { registerSettingsReadRoutes } from './modules/settings/settings-read.routes.ts';
import { registerSettingsWriteRoutes } from './modules/settings/settings-write.routes.ts';
import { registerWebsiteSettingsRoutes } from './modules/settings/website-settings.routes.ts';
import { scheduleCartPruning } from './modules/shop/cart.service.ts';
import { registerShopRoutes } from './modules/shop/shop.routes.ts';
import { registerSocialLoginRoutes } from './modules/social-login/social-login.routes.ts';
import { registerTenantExportRoutes } from './modules/tenant-export/export.routes.ts';
import { TenantConfigCache } from './modules/tenants/tenant-config.service.ts';
import { TenantDirectory } from './modules/tenants/tenant-directory.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerVideoRoutes } from './modules/video/video.routes.ts';
import { videoSegmentOrigin } from './modules/video/video-s3-files.ts';
import { registerPublicPageRoutes } from './modules/website/public-page.routes.ts';
import { registerWebsiteRoutes } from './modules/website/website.routes.ts';
import { registerWidgetRoutes } from './modules/widgets/widgets.routes.ts';
import type { Platform } from './platform.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerReadiness } from './plugins/readiness.ts';
import { registerRequestId, requestIdOptions } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTenantAndAuth } from './plugins/tenant-and-auth.ts';
import { registerTestClockRoute } from './plugins/test-clock.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { jwtSecret } from './secrets.ts';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Pino logger options; false in tests. */
  logger?: boolean | object;
  /** How often idle job workers poll (default 2 s); sends in this process wake them at once. */
  jobPollingSeconds?: number;
  /** Schema of the job runner's tables (default pgboss). */
  jobSchema?: string;
  /** False: scheduled jobs fire only when a test calls jobs.cronTick() (test apps share a database). */
  jobCron?: boolean;
  /** How long shutdown waits for work requests run after their answer (default 10 s). */
  afterAnswerWaitMs?: number;
}

export type App = FastifyInstance & { platform: Platform };

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    // Request ids: the caller's sane X-Request-Id or a uuid, on every log line (plugins/request-id.ts).
    ...requestIdOptions(options.logger ?? { level: config.logLevel }),
    // TRUST_PROXY: a hop count trusts the nearest n proxies, as proxy-addr does for a number.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Per-request lines only at debug level: at info they would dominate the log and the benchmark.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // S3-compatible bucket when S3_BUCKET is set, else local disk (the secret is never logged).
  const s3Media = config.s3 ? new S3Storage(config.s3) : null;
  const jobs = new JobRunner({
    db: database.sql,
    log: app.log,
    pollingSeconds: options.jobPollingSeconds,
    schema: options.jobSchema,
    cron: options.jobCron,
  });
  // Caches forget together in every process (LISTEN/NOTIFY); PGlite has one process, so no bus there.
  const caches = new CacheBus(database.kind === 'postgres' ? config.databaseUrl : null, app.log);
  await caches.start();
  const platform: Platform = {
    config,
    database,
    db: database.db,
    tenants: new TenantDirectory(database.db, config.productDomains, config.defaultOrgId, caches),
    tenantConfigs: new TenantConfigCache(database.db, config, caches),
    accessTokens: new AccessTokens(await jwtSecret(database.db, config), config.accessTokenMinutes),
    sessions: new SessionGate(database.db, caches),
    throttle: new AuthThrottle(database.db, {
      perAccountAndIp: config.loginMaxAttemptsPerAccount,
      // Ten times the per-IP count: a distributed guess, not one person mistyping.
      perAccount: config.loginMaxAttemptsPerAccount * 10,
      perIp: config.loginMaxAttemptsPerIp,
      perTenant: config.loginMaxAttemptsPerTenant,
      windowMs: config.loginWindowMinutes * 60_000,
    }),
    jobs,
    clock: new MovableClock(),
    outbox: new Outbox(database.db, jobs, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    afterAnswer: new AfterAnswer(),
    publicPages: caches.cache('publicPages', 10_000),
    sitePages: caches.cache('sitePages', 10_000),
    favicons: caches.cache('favicons', 300_000, 1_000),
    media: s3Media ?? new LocalDiskStorage(join(config.dataDir, 'media')),
  };
  app.decorate('platform', platform);
  scheduleAttemptPruning(jobs, platform.throttle);
  scheduleCartPruning(jobs, platform.db);

  // Observability (docs/decisions/platform.md): traces only when an OTLP endpoint is set (the SDK is
  // imported only then), the request id, and metrics only when METRICS_TOKEN is set. Before every
  // other plugin and route, so each request is traced, counted and carries its id.
  const tracing = config.otlpEndpoint
    ? await (await import('./plugins/tracing.ts')).registerTracing(app, config.otlpEndpoint)
    : null;
  registerRequestId(app);
  if (config.metricsToken) registerMetrics(app, platform, config.metricsToken, database.pool);

  // JSON, HTML, CSS and JS answers over 1 KB go out as brotli or gzip, as the browser accepts: a staff
  // calendar month is ~800 KB of JSON and ~70 KB compressed. Media, PDFs and the web build's assets
  // (already compressed at build time, with their own content-encoding) are left alone.
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are taken as sent: no client of ours compresses them, and the body limit stays on the bytes received.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: most of the size win for a fraction of brotli's top quality's time on each answer.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Atrium API',
        version: '0.1.0',
        description: 'Multi-tenant studio platform. The tenant comes from the Host.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandling(app);
  registerInputGuard(app);
  // Razorpay's hosted checkout is a form the invoice pages post (decisions.md "Razorpay and PhonePe");
  // the video player fetches segments from the bucket when they are redirected there (video.md).
  const videoSegments = await videoSegmentOrigin(config);
  registerSecurityHeaders(
    app,
    [new URL(config.payments.razorpayApiBase).origin],
    [new URL(config.payments.paymentspringApiBase).origin, ...(videoSegments ? [videoSegments] : [])],
  );
  registerTenantAndAuth(app, platform);

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const };
    },
  );
  registerReadiness(app, platform);
  registerPingRoutes(app, platform);
  registerMenuRoutes(app, platform);
  registerAuthRoutes(app, platform);
  registerSocialLoginRoutes(app, platform);
  registerAccountRoutes(app);
  registerGetStartedRoutes(app, platform);
  registerProfileRoutes(app, platform);
  registerContactRoutes(app, platform);
  registerPublicPageRoutes(app, platform);
  registerWebsiteRoutes(app, platform);
  registerMediaRoutes(app, platform);
  registerSettingsReadRoutes(app);
  registerSettingsWriteRoutes(app, platform);
  registerWebsiteSettingsRoutes(app, platform);
  registerPaymentSettingsRoutes(app, platform);
  registerCustomDomainRoutes(app, platform);
  registerCustomFieldRoutes(app, platform);
  registerFormRoutes(app, platform);
  registerOnboardingRoutes(app, platform);
  registerOperatorRoutes(app, platform);
  registerEmailTemplateRoutes(app, platform);
  registerWidgetRoutes(app, platform);
  registerReviewRoutes(app, platform);
  registerNoticeRoutes(app, platform);
  registerFeedbackRoutes(app, platform);
  registerQbankRoutes(app, platform);
  registerAssessmentRoutes(app, platform);
  registerUserRoutes(app, platform);
  registerFranchiseRoutes(app, platform);
  registerPlanRoutes(app, platform);
  registerCatalogueRoutes(app, platform);
  registerOfferRoutes(app, platform);
  registerInvoiceRoutes(app, platform);
  registerCheckoutRoutes(app, platform);
  await registerPaymentRoutes(app, platform);
  registerShopRoutes(app, platform);
  registerSchedulingRoutes(app, platform);
  registerEventRoutes(app, platform);
  registerDonationRoutes(app, platform);
  registerMembershipRoutes(app, platform);
  registerFileRoutes(app, platform);
  registerCourseRoutes(app, platform);
  registerReportRoutes(app, platform);
  registerCampaignRoutes(app, platform);
  await registerSmsCampaignRoutes(app, platform, { minuteMs: config.smsPageMinuteMs });
  await registerIntegrationRoutes(app, platform);
  await registerVideoRoutes(app, platform);
  await registerTenantExportRoutes(app, platform);
  if (config.testClockRoute) registerTestClockRoute(app, platform);
  await registerWebApp(app, platform);

  app.addHook('onClose', async () => {
    // First the work answered requests still do (an email not yet written would be lost), while
    // the job runner that sends it is still up.
    if (!(await platform.afterAnswer.settle(options.afterAnswerWaitMs ?? 10_000))) {
      app.log.warn(
        { pending: platform.afterAnswer.pending },
        'shutdown went on before the work after some answers ended',
      );
    }
    await jobs.stop();
    platform.outbox.close();
    await caches.stop();
    s3Media?.close();
    await tracing?.close();
  });
  await jobs.start();
  return app as unknown as App;
}
