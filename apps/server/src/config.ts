import { resolve } from 'node:path';

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
  };
}
