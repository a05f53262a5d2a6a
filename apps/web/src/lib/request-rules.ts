/**
 * Spec 1 §7 "Request rules for all calls", as one pure function so it can be tested path by path.
 */

/** First path segments of the product's own API families (spec 1 §7, plus this server's extras). */
export const OWN_API_SEGMENTS: ReadonlySet<string> = new Set([
  'ping',
  'login',
  'refresh-access-token',
  'public',
  'rest',
  'app',
  'api',
  'healthz',
  'cform',
  'edcourse',
  'registration',
  'studentreg',
  'clan',
  'site',
  'edtest',
  'media',
  'client',
  'assessment',
  'stemplate',
  'unlayertemplate',
  'email',
  // "email send": the email template calls (/esend/etemplate)
  'esend',
  'page',
  'program',
  'sapi',
  'item',
  'itemreport',
  'notification',
  'sms',
  'campaign',
  'plugin',
  'fauth',
  'snode',
  'authmanager',
  // the oauth connections of Settings > Integrations (/authmgr/oauth/...)
  'authmgr',
  'providerservice',
  'llm',
]);

/**
 * Whitelisted public calls: no token, no credentials. "Template" is read as the public page
 * template reads (/stemplate/public/...), which the page viewer makes without a login; the
 * admin template calls under /stemplate/ need the staff token.
 */
const WHITELISTED_PUBLIC: readonly RegExp[] = [
  /\/public\/user\/registration(\/|$)/,
  /\/forgotPassword(\/|$)/,
  /^\/ping(\/|$)/,
  /^\/snode\/tenant\/ping(\/|$)/,
  /\/publicFitnessClass(\/|$)/,
  /\/publicScheduleMoreInfo(\/|$)/,
  /^\/stemplate\/public\//,
  /\/featuredEvents(\/|$)/,
];

const AUTH_TOKEN_PATH = /\/authToken(\/|$)/;
const LOGIN_SEGMENT = /(^|\/)login(\/|$)/;

export interface RequestContext {
  /** The signed-in user's own access token (the "staff token" of the spec, also a student's). */
  accessToken: string | null;
  /** Set only during Student Preview. */
  studentPreviewToken: string | null;
  /** The app's origin, e.g. http://demo.localhost:3000. */
  origin: string;
}

export interface RequestRules {
  url: string;
  pathname: string;
  ownApi: boolean;
  whitelisted: boolean;
  bearer: string | null;
  jsonContentType: boolean;
  credentials: RequestCredentials;
}

export function requestRulesFor(input: string, context: RequestContext, hasJsonBody = true): RequestRules {
  const parsed = new URL(input, context.origin);
  const sameOrigin = parsed.origin === new URL(context.origin).origin;
  const pathname = parsed.pathname;
  const firstSegment = pathname.split('/')[1] ?? '';
  const ownApi = sameOrigin && OWN_API_SEGMENTS.has(firstSegment);
  const whitelisted = ownApi && WHITELISTED_PUBLIC.some((rule) => rule.test(pathname));
  const tokenless = !ownApi || whitelisted || AUTH_TOKEN_PATH.test(pathname) || LOGIN_SEGMENT.test(pathname);
  // Our tokens never go to a vendor URL, whatever the path looks like.
  const token = context.studentPreviewToken ?? context.accessToken;
  return {
    url: sameOrigin ? `${pathname}${parsed.search}` : parsed.href,
    pathname,
    ownApi,
    whitelisted,
    bearer: tokenless || !token ? null : token,
    jsonContentType: ownApi && hasJsonBody,
    credentials: whitelisted || !ownApi ? 'omit' : 'same-origin',
  };
}
