import { availableParallelism } from 'node:os';
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

/** An S3-compatible bucket for media uploads (env S3_*); null keeps files on local disk. */
export interface S3Config {
  /** Endpoint of an S3-compatible service (MinIO, R2, ...); null for AWS itself. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Both or neither; when neither, the SDK's default credential chain (AWS_* env, instance role) applies. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}`. */
  forcePathStyle: boolean;
}

/** The platform's Stripe account (tenants' plan subscriptions); both keys or neither. */
export interface PlatformBillingConfig {
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  /** Where the Stripe SDK sends its calls (tests point it at a local server); null: Stripe itself. */
  stripeApiBase: string | null;
  /** The page the top-tier plan's button opens (spec 2 §4). */
  contactUrl: string;
  /** Signs the platform account's webhooks (PLATFORM_STRIPE_WEBHOOK_SECRET); null: they are refused. */
  webhookSecret?: string | null;
}

function platformBillingFrom(env: NodeJS.ProcessEnv): PlatformBillingConfig {
  const stripeSecretKey = env.PLATFORM_STRIPE_SECRET_KEY?.trim() || null;
  const stripePublishableKey = env.PLATFORM_STRIPE_PUBLISHABLE_KEY?.trim() || null;
  if (!stripeSecretKey !== !stripePublishableKey)
    throw new Error('PLATFORM_STRIPE_SECRET_KEY and PLATFORM_STRIPE_PUBLISHABLE_KEY must be set together');
  const base = env.STRIPE_API_BASE?.trim() || null;
  if (base) {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new Error(`STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111, got "${base}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('STRIPE_API_BASE must be http(s)');
  }
  return {
    stripeSecretKey,
    stripePublishableKey,
    stripeApiBase: base,
    webhookSecret: env.PLATFORM_STRIPE_WEBHOOK_SECRET?.trim() || null,
    contactUrl: env.PLATFORM_CONTACT_URL?.trim() || 'https://atrium.example/contact',
  };
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  /**
   * How many staff calendar months one server process computes at once (CALENDAR_READ_CONCURRENCY;
   * the machine's processors by default); the others wait their turn (lib/concurrency-gate.ts).
   */
  calendarReadConcurrency: number;
  /** Hosts whose sub-domain is an org id: `{orgId}.{domain}`. */
  productDomains: string[];
  /** Org served on a bare host (localhost, an IP address, a product domain itself). */
  defaultOrgId: string | null;
  /**
   * The platform operator (issue 28): the master tenant whose admins sell the plans (/masterplan) and
   * see every tenant (/tenant). OPERATOR_ORG_ID, the demo seed's master by default; '' for none.
   */
  operatorOrgId: string | null;
  seedDemo: boolean;
  jwtSecret: string | null;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  passwordResetMinutes: number;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Base of every tenant origin in emailed links (PUBLIC_URL): a tenant is `{orgId}.{its host}` with
   * its scheme and port, or its custom domain. Default `http://{first product domain}:{port}`.
   */
  publicUrl: string;
  /** Which proxies' X-Forwarded-* headers are believed (TRUST_PROXY): none, a hop count, or addresses. */
  trustProxy: false | number | string[];
  webDistDir: string;
  logLevel: string;
  /** Failures of one account from one IP before each further try waits (exponential backoff). */
  loginMaxAttemptsPerAccount: number;
  loginMaxAttemptsPerIp: number;
  /** Failures in one tenant before only IPs an account signed in from before may try it. */
  loginMaxAttemptsPerTenant: number;
  loginWindowMinutes: number;
  environmentName: string;
  supportUrl: string;
  /** Social login identity providers (OpenID Connect); none by default. */
  oidcProviders: OidcProviderConfig[];
  /** Where media uploads go: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
  s3: S3Config | null;
  /** Bearer token of GET /metrics (METRICS_TOKEN); null: no metrics are kept and /metrics is a 404. */
  metricsToken: string | null;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where OpenTelemetry traces go over OTLP/HTTP; null: no tracing (none of the SDK is loaded). */
  otlpEndpoint: string | null;
  /** The largest document /files and /myfiles take (FILES_MAX_UPLOAD_MB, default 25 MB), in bytes. */
  filesMaxUploadBytes: number;
  /** The platform's own Stripe account, which bills tenants for their plan (PLATFORM_STRIPE_*). */
  platformBilling: PlatformBillingConfig;
  /** Whether the plans' member and contact limits are enforced (PLAN_LIMITS=off for a self-hosted install or a benchmark). */
  planLimits: boolean;
  /**
   * How long one minute of an SMS campaign's page wait lasts, in ms (SMS_PAGE_MINUTE_MS, default
   * 60000): the browser run shortens it so pages go seconds apart. Never set in production.
   */
  smsPageMinuteMs: number;
  /** AES-256-GCM key of the credential vault (CREDENTIALS_KEY, 32 bytes base64); null: generated once and kept in the database. */
  credentialsKey: Buffer | null;
  /**
   * The certificate signed form PDFs are sealed with (PDF_SIGNING_P12: a PKCS#12 file in base64,
   * PDF_SIGNING_P12_PASSPHRASE its passphrase); null: one is generated once and kept in the database.
   */
  pdfSigning: { p12: Buffer; passphrase: string } | null;
  /** Base URLs of the providers whose credentials are checked on save (tests and e2e point them at a local stub). */
  providerUrls: ProviderUrls;
  /** OAuth apps of the platform for Stripe Connect, connected mailboxes and Zoom (unset: that connection answers 400). */
  oauthApps: OAuthApps;
  /** MX lookup for the connect-email provider check; null uses node:dns (tests inject one, no network). */
  mxResolver: MxResolver | null;
  /**
   * TEST_CLOCK_ROUTE=true registers `/test/clock`, which moves the business clock (e2e only; the
   * e2e server config sets it, production never does). Refused with NODE_ENV=production.
   */
  testClockRoute: boolean;
  /** Card payments of tenants' buyers through their connected accounts (decisions.md "Card payments"). */
  payments: PaymentsConfig;
  /** Video uploads (tus), transcoding (ffmpeg) and signed playback (docs/decisions/video.md). */
  video: VideoConfig;
  /** Studios' own domains (docs/decisions/tenancy.md "Custom domains"). */
  customDomains: CustomDomainConfig;
}

/** Studios' own domains: the records they make and how they are checked (env CUSTOM_DOMAIN_*, DNS_RESOLVER). */
export interface CustomDomainConfig {
  /** CUSTOM_DOMAIN_TARGET: the host every studio's CNAME points at; null: the studio's `{orgId}.{PUBLIC_URL host}`. */
  target: string | null;
  /** CUSTOM_DOMAIN_A_RECORDS: IPv4 addresses an apex domain's A records hold; none: an apex gets the CNAME too (flattened by its DNS host). */
  aRecords: string[];
  /** DNS_RESOLVER: `ip[:port]` list the checks ask; empty: the system's resolvers. */
  resolvers: string[];
  /** CUSTOM_DOMAIN_PENDING_HOURS: a domain never proven is failed after this long (the job stops checking it). */
  pendingHours: number;
  /** CUSTOM_DOMAIN_MISSES: checks in a row without the proof after which a verified domain is unverified. */
  missLimit: number;
}

/** Video uploads and transcoding (env VIDEO_*, FFMPEG_PATH, FFPROBE_PATH). */
export interface VideoConfig {
  /** VIDEO_MAX_UPLOAD_BYTES: the largest upload accepted (default 2 GiB; the media gallery's 10 MB is separate). */
  maxUploadBytes: number;
  /** VIDEO_DIR: uploads and HLS files; null: DATA_DIR/video. */
  dir: string | null;
  /** FFMPEG_PATH / FFPROBE_PATH: a system binary; null uses the one shipped by @ffmpeg-installer / @ffprobe-installer. */
  ffmpegPath: string | null;
  ffprobePath: string | null;
  /** VIDEO_X264_PRESET: libx264's speed/size trade (default veryfast). */
  x264Preset: string;
  /** VIDEO_URL_TTL_SECONDS: how long a signed media link works (default 600). */
  urlTtlSeconds: number;
  /**
   * VIDEO_S3_SEGMENTS, when videos are in the S3 bucket (S3_BUCKET): `redirect` (default) answers a
   * signed segment link with a 302 to a presigned S3 URL that expires with the link (the bucket needs
   * CORS for GET from the studios' sites); `stream` sends the segment through the server instead.
   */
  s3Segments: 'redirect' | 'stream';
}

const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'];

function videoFrom(env: NodeJS.ProcessEnv): VideoConfig {
  const preset = env.VIDEO_X264_PRESET?.trim() || 'veryfast';
  if (!X264_PRESETS.includes(preset)) throw new Error(`VIDEO_X264_PRESET must be one of ${X264_PRESETS.join(', ')}`);
  const ttl = intFrom(env.VIDEO_URL_TTL_SECONDS, 600, 'VIDEO_URL_TTL_SECONDS');
  if (ttl < 30) throw new Error('VIDEO_URL_TTL_SECONDS must be at least 30');
  const s3Segments = env.VIDEO_S3_SEGMENTS?.trim() || 'redirect';
  if (s3Segments !== 'redirect' && s3Segments !== 'stream')
    throw new Error('VIDEO_S3_SEGMENTS must be redirect or stream');
  return {
    maxUploadBytes: intFrom(env.VIDEO_MAX_UPLOAD_BYTES, 2 * 1024 ** 3, 'VIDEO_MAX_UPLOAD_BYTES'),
    dir: env.VIDEO_DIR?.trim() ? resolve(env.VIDEO_DIR.trim()) : null,
    ffmpegPath: env.FFMPEG_PATH?.trim() || null,
    ffprobePath: env.FFPROBE_PATH?.trim() || null,
    x264Preset: preset,
    urlTtlSeconds: ttl,
    s3Segments,
  };
}

/** The tenants' card payments: Stripe Checkout on each tenant's connected account, with the platform's key. */
export interface PaymentsConfig {
  /** STRIPE_PAYMENTS_API_BASE, else STRIPE_CONNECT_API_BASE, else STRIPE_API_BASE; null: Stripe itself. */
  stripeApiBase: string | null;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`): the platform's Connect webhook endpoint's signing secret; null: webhooks refused. */
  stripeWebhookSecret: string | null;
  /** RAZORPAY_PAYMENTS_API_BASE, else RAZORPAY_API_URL, else Razorpay itself: Orders, refunds and the hosted checkout. */
  razorpayApiBase: string;
  /** RAZORPAY_WEBHOOK_SECRET: the secret the `X-Razorpay-Signature` of webhooks is made with; null: webhooks refused. */
  razorpayWebhookSecret: string | null;
  /** PHONEPE_API_BASE: PhonePe's PG API host (`https://api.phonepe.com/apis/hermes`; its sandbox is `https://api-preprod.phonepe.com/apis/pg-sandbox`). */
  phonepeApiBase: string;
  /** PAYMENTSPRING_API_BASE: PaymentSpring's REST API (`https://api.paymentspring.com/api/v1`); the buyer's browser makes its card token there. */
  paymentspringApiBase: string;
}

function paymentsFrom(env: NodeJS.ProcessEnv): PaymentsConfig {
  const own = env.STRIPE_PAYMENTS_API_BASE?.trim();
  const inherited = env.STRIPE_CONNECT_API_BASE?.trim() || env.STRIPE_API_BASE?.trim();
  return {
    stripeApiBase: own
      ? baseUrlFrom(own, 'http://127.0.0.1:12111', 'STRIPE_PAYMENTS_API_BASE')
      : inherited
        ? baseUrlFrom(inherited, 'http://127.0.0.1:12111', 'STRIPE_CONNECT_API_BASE')
        : null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    razorpayApiBase: baseUrlFrom(
      env.RAZORPAY_PAYMENTS_API_BASE?.trim() || env.RAZORPAY_API_URL,
      'https://api.razorpay.com',
      env.RAZORPAY_PAYMENTS_API_BASE?.trim() ? 'RAZORPAY_PAYMENTS_API_BASE' : 'RAZORPAY_API_URL',
    ),
    razorpayWebhookSecret: env.RAZORPAY_WEBHOOK_SECRET?.trim() || null,
    phonepeApiBase: baseUrlFrom(env.PHONEPE_API_BASE, 'https://api.phonepe.com/apis/hermes', 'PHONEPE_API_BASE'),
    paymentspringApiBase: baseUrlFrom(
      env.PAYMENTSPRING_API_BASE,
      'https://api.paymentspring.com/api/v1',
      'PAYMENTSPRING_API_BASE',
    ),
  };
}

export type MxResolver = (domain: string) => Promise<string[]>;

/** One OAuth 2.0 client of the platform at a provider, with the provider's documented endpoints. */
export interface OAuthApp {
  clientId: string | null;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
}

export interface OAuthApps {
  /**
   * Stripe Connect: client id `ca_…`; the code is exchanged with the platform's secret key (PLATFORM_STRIPE_SECRET_KEY),
   * on `apiBase` (STRIPE_CONNECT_API_BASE) when set, else on STRIPE_API_BASE (or Stripe itself).
   */
  stripeConnect: { clientId: string | null; authorizeUrl: string; apiBase?: string | null };
  google: OAuthApp;
  microsoft: OAuthApp;
  zoho: OAuthApp;
  zoom: OAuthApp;
}

function oauthAppFrom(env: NodeJS.ProcessEnv, prefix: string, authorize: string, token: string): OAuthApp {
  const clientId = env[`${prefix}_OAUTH_CLIENT_ID`]?.trim() || null;
  const clientSecret = env[`${prefix}_OAUTH_CLIENT_SECRET`]?.trim() || null;
  if (!clientId !== !clientSecret)
    throw new Error(`${prefix}_OAUTH_CLIENT_ID and ${prefix}_OAUTH_CLIENT_SECRET must be set together`);
  return {
    clientId,
    clientSecret,
    authorizeUrl: baseUrlFrom(env[`${prefix}_OAUTH_AUTHORIZE_URL`], authorize, `${prefix}_OAUTH_AUTHORIZE_URL`),
    tokenUrl: baseUrlFrom(env[`${prefix}_OAUTH_TOKEN_URL`], token, `${prefix}_OAUTH_TOKEN_URL`),
  };
}

function oauthAppsFrom(env: NodeJS.ProcessEnv): OAuthApps {
  return {
    stripeConnect: {
      clientId: env.STRIPE_CONNECT_CLIENT_ID?.trim() || null,
      authorizeUrl: baseUrlFrom(env.STRIPE_CONNECT_URL, 'https://connect.stripe.com', 'STRIPE_CONNECT_URL'),
      apiBase: env.STRIPE_CONNECT_API_BASE?.trim()
        ? baseUrlFrom(env.STRIPE_CONNECT_API_BASE, 'http://127.0.0.1:12111', 'STRIPE_CONNECT_API_BASE')
        : null,
    },
    google: oauthAppFrom(
      env,
      'GOOGLE',
      'https://accounts.google.com/o/oauth2/v2/auth',
      'https://oauth2.googleapis.com/token',
    ),
    microsoft: oauthAppFrom(
      env,
      'MICROSOFT',
      'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    ),
    zoho: oauthAppFrom(
      env,
      'ZOHO',
      'https://accounts.zoho.com/oauth/v2/auth',
      'https://accounts.zoho.com/oauth/v2/token',
    ),
    zoom: oauthAppFrom(env, 'ZOOM', 'https://zoom.us/oauth/authorize', 'https://zoom.us/oauth/token'),
  };
}

export interface ProviderUrls {
  razorpay: string;
  twilio: string;
  plivo: string;
  brevo: string;
  /** Mailchimp Marketing API; `{dc}` is the data centre named by the key's `-usX` suffix. */
  mailchimp: string;
  /** Zoom REST API (the connected user's profile). */
  zoomApi: string;
  /** Gmail API (a connected Google mailbox sends campaigns): GMAIL_API_URL, default https://gmail.googleapis.com. */
  gmailApi?: string;
  /** Microsoft Graph (a connected Microsoft 365 mailbox): MS_GRAPH_API_URL, default https://graph.microsoft.com. */
  graphApi?: string;
}

function credentialsKeyFrom(value: string | undefined): Buffer | null {
  if (!value || value.trim() === '') return null;
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)');
  return key;
}

function baseUrlFrom(value: string | undefined, fallback: string, name: string): string {
  const raw = value?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL such as ${fallback}, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be http(s)`);
  return raw.replace(/\/+$/, '');
}

/** MAILCHIMP_API_URL: a base URL where `{dc}` stands for the key's data centre. */
function mailchimpUrlFrom(value: string | undefined): string {
  const raw = value?.trim() || 'https://{dc}.api.mailchimp.com';
  if (!raw.includes('{dc}'))
    throw new Error('MAILCHIMP_API_URL must contain {dc}, e.g. https://{dc}.api.mailchimp.com');
  baseUrlFrom(raw.replaceAll('{dc}', 'us1'), 'https://us1.api.mailchimp.com', 'MAILCHIMP_API_URL');
  return raw.replace(/\/+$/, '');
}

/** PUBLIC_URL: an http(s) origin whose host is one of PRODUCT_DOMAINS (tenants live under it). */
function publicUrlFrom(env: NodeJS.ProcessEnv): string {
  const domains = listFrom(env.PRODUCT_DOMAINS, ['localhost']);
  const port = intFrom(env.PORT, 3000, 'PORT');
  const raw = env.PUBLIC_URL?.trim() || `http://${domains[0] ?? 'localhost'}${port === 80 ? '' : `:${port}`}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be a URL such as https://studios.example, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('PUBLIC_URL must be http(s)');
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    throw new Error('PUBLIC_URL must be an origin only, such as https://studios.example');
  if (!domains.includes(url.hostname))
    throw new Error(`PUBLIC_URL's host "${url.hostname}" must be one of PRODUCT_DOMAINS (${domains.join(', ')})`);
  return url.origin;
}

/**
 * TRUST_PROXY: off by default, so X-Forwarded-For/-Proto/-Host from a client are ignored. A whole
 * number trusts that many hops in front of the server; otherwise a comma-separated list of proxy
 * addresses or CIDR ranges (e.g. `127.0.0.1,10.0.0.0/8`). `true` (trust anyone) is refused.
 */
function trustProxyFrom(value: string | undefined): false | number | string[] {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true')
    throw new Error(
      'TRUST_PROXY=true would believe forwarded headers from anyone: give a hop count or proxy addresses',
    );
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item) && !['loopback', 'linklocal', 'uniquelocal'].includes(item))
      throw new Error(`TRUST_PROXY must be a hop count or addresses/CIDR ranges, got "${item}"`);
  }
  return list;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function customDomainsFrom(env: NodeJS.ProcessEnv): CustomDomainConfig {
  const target = env.CUSTOM_DOMAIN_TARGET?.trim().toLowerCase().replace(/\.$/, '') || null;
  if (target && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(target))
    throw new Error(`CUSTOM_DOMAIN_TARGET must be a host name such as domains.studios.example, got "${target}"`);
  const aRecords = listFrom(env.CUSTOM_DOMAIN_A_RECORDS, []);
  for (const ip of aRecords)
    if (!IPV4.test(ip)) throw new Error(`CUSTOM_DOMAIN_A_RECORDS: "${ip}" is not an IPv4 address`);
  const resolvers = listFrom(env.DNS_RESOLVER, []);
  for (const server of resolvers) {
    const [ip, port] = server.split(':');
    if (!IPV4.test(ip ?? '') || (port !== undefined && !/^\d{1,5}$/.test(port)))
      throw new Error(`DNS_RESOLVER: "${server}" must be an IPv4 address with an optional :port`);
  }
  return {
    target,
    aRecords,
    resolvers,
    pendingHours: intFrom(env.CUSTOM_DOMAIN_PENDING_HOURS, 72, 'CUSTOM_DOMAIN_PENDING_HOURS'),
    missLimit: Math.max(1, intFrom(env.CUSTOM_DOMAIN_MISSES, 3, 'CUSTOM_DOMAIN_MISSES')),
  };
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

function booleanFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function s3From(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new Error(`S3_ENDPOINT must be a URL such as https://s3.example.com, got "${endpoint}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('S3_ENDPOINT must be http(s)');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: booleanFrom(env.S3_FORCE_PATH_STYLE, endpoint !== null, 'S3_FORCE_PATH_STYLE'),
  };
}

function metricsTokenFrom(value: string | undefined): string | null {
  const token = value?.trim();
  if (!token) return null;
  if (token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 32`)');
  return token;
}

function testClockRouteFrom(env: NodeJS.ProcessEnv): boolean {
  if (env.TEST_CLOCK_ROUTE !== 'true') return false;
  if (env.NODE_ENV === 'production') throw new Error('TEST_CLOCK_ROUTE must not be set in production');
  return true;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    calendarReadConcurrency:
      intFrom(env.CALENDAR_READ_CONCURRENCY, 0, 'CALENDAR_READ_CONCURRENCY') || availableParallelism(),
    productDomains: listFrom(env.PRODUCT_DOMAINS, ['localhost']),
    defaultOrgId: env.DEFAULT_ORG_ID === '' ? null : (env.DEFAULT_ORG_ID ?? 'demo'),
    operatorOrgId: env.OPERATOR_ORG_ID === '' ? null : (env.OPERATOR_ORG_ID ?? 'demo'),
    seedDemo: env.SEED_DEMO !== 'false',
    jwtSecret: env.JWT_SECRET || null,
    accessTokenMinutes: intFrom(env.ACCESS_TOKEN_MINUTES, 30, 'ACCESS_TOKEN_MINUTES'),
    refreshTokenDays: intFrom(env.REFRESH_TOKEN_DAYS, 30, 'REFRESH_TOKEN_DAYS'),
    passwordResetMinutes: intFrom(env.PASSWORD_RESET_MINUTES, 60, 'PASSWORD_RESET_MINUTES'),
    smtpUrl: env.SMTP_URL || null,
    // only the address is used: the display name is each studio's own (outbox.ts senderOf)
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    publicUrl: publicUrlFrom(env),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    webDistDir: resolve(env.WEB_DIST_DIR || new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL || 'info',
    loginMaxAttemptsPerAccount: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, 5, 'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT'),
    loginMaxAttemptsPerIp: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_IP, 30, 'LOGIN_MAX_ATTEMPTS_PER_IP'),
    loginMaxAttemptsPerTenant: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_TENANT, 1000, 'LOGIN_MAX_ATTEMPTS_PER_TENANT'),
    loginWindowMinutes: intFrom(env.LOGIN_WINDOW_MINUTES, 15, 'LOGIN_WINDOW_MINUTES'),
    environmentName: env.ENVIRONMENT_NAME || 'production',
    supportUrl: env.SUPPORT_URL || 'https://atrium.example/help',
    oidcProviders: oidcProvidersFrom(env.OIDC_PROVIDERS),
    s3: s3From(env),
    metricsToken: metricsTokenFrom(env.METRICS_TOKEN),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
      ? baseUrlFrom(env.OTEL_EXPORTER_OTLP_ENDPOINT, 'http://127.0.0.1:4318', 'OTEL_EXPORTER_OTLP_ENDPOINT')
      : null,
    filesMaxUploadBytes: Math.max(1, intFrom(env.FILES_MAX_UPLOAD_MB, 25, 'FILES_MAX_UPLOAD_MB')) * 1024 * 1024,
    platformBilling: platformBillingFrom(env),
    planLimits: !['off', 'false', '0'].includes(String(env.PLAN_LIMITS ?? '').toLowerCase()),
    smsPageMinuteMs: Math.max(1, Number(env.SMS_PAGE_MINUTE_MS) || 60_000),
    credentialsKey: credentialsKeyFrom(env.CREDENTIALS_KEY),
    pdfSigning: env.PDF_SIGNING_P12
      ? { p12: Buffer.from(env.PDF_SIGNING_P12, 'base64'), passphrase: env.PDF_SIGNING_P12_PASSPHRASE ?? '' }
      : null,
    providerUrls: {
      razorpay: baseUrlFrom(env.RAZORPAY_API_URL, 'https://api.razorpay.com', 'RAZORPAY_API_URL'),
      twilio: baseUrlFrom(env.TWILIO_API_URL, 'https://api.twilio.com', 'TWILIO_API_URL'),
      plivo: baseUrlFrom(env.PLIVO_API_URL, 'https://api.plivo.com', 'PLIVO_API_URL'),
      brevo: baseUrlFrom(env.BREVO_API_URL, 'https://api.brevo.com', 'BREVO_API_URL'),
      mailchimp: mailchimpUrlFrom(env.MAILCHIMP_API_URL),
      zoomApi: baseUrlFrom(env.ZOOM_API_URL, 'https://api.zoom.us', 'ZOOM_API_URL'),
      gmailApi: baseUrlFrom(env.GMAIL_API_URL, 'https://gmail.googleapis.com', 'GMAIL_API_URL'),
      graphApi: baseUrlFrom(env.MS_GRAPH_API_URL, 'https://graph.microsoft.com', 'MS_GRAPH_API_URL'),
    },
    oauthApps: oauthAppsFrom(env),
    mxResolver: null,
    testClockRoute: testClockRouteFrom(env),
    payments: paymentsFrom(env),
    video: videoFrom(env),
    customDomains: customDomainsFrom(env),
  };
}
