import { resolve } from 'node:path';
import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** One OpenID Connect identity provider for social login (env OIDC_PROVIDERS, a JSON array). */
const OidcProviderConfig = z
  .object({
    /** Path segment and authType, e.g. 'google'. */
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'id must be lower-case letters, digits, - or _'),
    /** Button label, e.g. 'Google'. */
    name: z.string().trim().min(1).max(60),
    issuer: z.url({ protocol: /^https?$/ }),
    clientId: z.string().min(1),
    /** Empty for a public client (PKCE only). */
    clientSecret: z.string().default(''),
    /** Requested scopes; email is what the login needs. */
    scope: z.string().default('openid email'),
    /** Allow plain-http calls to the issuer: only for a local test issuer on a loopback host. */
    allowInsecure: z.boolean().default(false),
  })
  .refine((p) => !p.allowInsecure || LOOPBACK_HOSTS.has(new URL(p.issuer).hostname), {
    message: 'allowInsecure is only allowed for an issuer on 127.0.0.1 or localhost',
    path: ['allowInsecure'],
  })
  .refine((p) => p.allowInsecure || new URL(p.issuer).protocol === 'https:', {
    message: 'issuer must be https (allowInsecure permits http on a loopback host only)',
    path: ['issuer'],
  });
export type OidcProviderConfig = z.infer<typeof OidcProviderConfig>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  /** Hosts whose sub-domain is an org id: `{orgId}.{domain}`. */
  productDomains: string[];
  /** Org served on a bare host (localhost, an IP address, a product domain itself). */
  defaultOrgId: string | null;
  seedDemo: boolean;
  jwtSecret: string | null;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  passwordResetMinutes: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Public base URL used in emails when the tenant host cannot be derived (e.g. http://localhost:3000). */
  publicUrl: string | null;
  webDistDir: string;
  logLevel: string;
  loginMaxAttemptsPerAccount: number;
  loginMaxAttemptsPerIp: number;
  loginWindowMinutes: number;
  environmentName: string;
  supportUrl: string;
  /** Social login identity providers (OpenID Connect); none by default. */
  oidcProviders: OidcProviderConfig[];
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function listFrom(value: string | undefined, fallback: string[]): string[] {
  if (!value) return fallback;
  return value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

function oidcProvidersFrom(value: string | undefined): OidcProviderConfig[] {
  if (!value || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('OIDC_PROVIDERS must be a JSON array of {id, name, issuer, clientId, clientSecret}');
  }
  const result = z.array(OidcProviderConfig).safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`OIDC_PROVIDERS is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const ids = result.data.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw new Error('OIDC_PROVIDERS has two providers with the same id');
  return result.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    productDomains: listFrom(env.PRODUCT_DOMAINS, ['localhost']),
    defaultOrgId: env.DEFAULT_ORG_ID === '' ? null : (env.DEFAULT_ORG_ID ?? 'demo'),
    seedDemo: env.SEED_DEMO !== 'false',
    jwtSecret: env.JWT_SECRET || null,
    accessTokenMinutes: intFrom(env.ACCESS_TOKEN_MINUTES, 30, 'ACCESS_TOKEN_MINUTES'),
    refreshTokenDays: intFrom(env.REFRESH_TOKEN_DAYS, 30, 'REFRESH_TOKEN_DAYS'),
    passwordResetMinutes: intFrom(env.PASSWORD_RESET_MINUTES, 60, 'PASSWORD_RESET_MINUTES'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Atrium <no-reply@atrium.localhost>',
    publicUrl: env.PUBLIC_URL || null,
    webDistDir: resolve(env.WEB_DIST_DIR || new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL || 'info',
    loginMaxAttemptsPerAccount: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, 5, 'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT'),
    loginMaxAttemptsPerIp: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_IP, 30, 'LOGIN_MAX_ATTEMPTS_PER_IP'),
    loginWindowMinutes: intFrom(env.LOGIN_WINDOW_MINUTES, 15, 'LOGIN_WINDOW_MINUTES'),
    environmentName: env.ENVIRONMENT_NAME || 'production',
    supportUrl: env.SUPPORT_URL || 'https://atrium.example/help',
    oidcProviders: oidcProvidersFrom(env.OIDC_PROVIDERS),
  };
}
