import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AccessClaims } from './lib/access-claims.ts';
import type { AfterAnswer } from './lib/after-answer.ts';
import type { MovableClock } from './lib/clock.ts';
import type { TenantContext } from './lib/tenant-context.ts';
import type { TtlCache } from './lib/ttl-cache.ts';
import type { AuthThrottle } from './modules/auth/auth-throttle.ts';
import type { SessionGate } from './modules/auth/session-gate.ts';
import type { AccessTokens } from './modules/auth/tokens.ts';
import type { JobRunner } from './modules/jobs/job-runner.ts';
import type { Outbox } from './modules/mail/outbox.ts';
import type { MediaStorage } from './modules/media/media.storage.ts';
import type { TenantConfigCache } from './modules/tenants/tenant-config.service.ts';
import type { TenantDirectory } from './modules/tenants/tenant-directory.ts';
import type { PublicPage } from './modules/website/public-page.ts';
import type { SiteEntry } from './site/site-entry.ts';

/** The long-lived parts every module's routes and services are given. */
export interface Platform {
  config: AppConfig;
  database: Database;
  db: Db;
  tenants: TenantDirectory;
  tenantConfigs: TenantConfigCache;
  accessTokens: AccessTokens;
  /** Whether a token's login session has ended (logout, suspension, role change, password reset). */
  sessions: SessionGate;
  /** Login, recovery and code limits, shared by every server process. */
  throttle: AuthThrottle;
  /** Background jobs (pg-boss): register before buildApp() ends, send any time after. */
  jobs: JobRunner;
  /** The business clock (renewals, trials, credit expiry); tests move it. */
  clock: MovableClock;
  outbox: Outbox;
  /** Work requests run after their answer; shutdown waits for it (bounded). */
  afterAnswer: AfterAnswer;
  /** Published pages by `${tenantId}:${name}`; page writes clear the tenant's prefix. */
  publicPages: TtlCache<PublicPage | null>;
  /** Server-rendered site entries by `${tenantId}:${slug}` (sanitised once); page writes clear them. */
  sitePages: TtlCache<SiteEntry | null>;
  media: MediaStorage;
  /** 16x16 favicons by `${tenantId}:${mediaId}`. */
  favicons: TtlCache<Buffer | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of the request's host; null on an unknown host. */
    tenant: TenantContext | null;
    /** The bearer token's claims when it is valid for this tenant. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks that the token's login session has not ended in its own statement (the answer
     * save: one round trip), so the session gate's query is skipped for it (plugins/tenant-and-auth.ts).
     */
    sessionCheckedByRoute?: boolean;
  }
}
