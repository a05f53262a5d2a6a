import type { LoginResponse, SocialLoginOrg, SocialLoginResponse, TenantConfig } from '@atrium/contracts';
import { isApiError } from '../../lib/api-error';
import { safeReturnUrl } from '../navigation/landing';
import { loginErrorMessage } from './login-messages';

/**
 * Social login (spec 1 §4, §7 POST /public/authToken, §8) as pure functions: where a provider
 * button goes, what an answer means, and which host a session for another org belongs to.
 */

/**
 * The provider button's full-page link. The server accepts only a same-site path as redirectUrl
 * (an empty one is refused), so it is left out when there is no valid return path.
 */
export function oauthStartUrl(providerId: string, returnUrl: string | null | undefined): string {
  const base = `/public/oauth/${encodeURIComponent(providerId)}/start`;
  const back = safeReturnUrl(returnUrl);
  return back && back.length <= 500 ? `${base}?redirectUrl=${encodeURIComponent(back)}` : base;
}

export type SocialAnswer =
  /** Several orgs of the franchise group know the person: 'Select Org To Login.' then retry. */
  | { kind: 'chooseOrg'; orgs: SocialLoginOrg[]; accessToken: string }
  /** Signed in to this host's org: the same ending as a password login. */
  | { kind: 'signIn'; response: LoginResponse }
  /** The account is in another org of the group: sign in again on that org's own host. */
  | { kind: 'otherHost'; org: SocialLoginOrg };

export function classifySocialAnswer(answer: SocialLoginResponse, hostOrgId: string): SocialAnswer {
  if ('orgList' in answer) return { kind: 'chooseOrg', orgs: answer.orgList, accessToken: answer.accessToken };
  if ('switchOrg' in answer) return { kind: 'otherHost', org: answer.switchOrg };
  if (answer.tenant.orgId !== hostOrgId) throw new Error(`A session for ${answer.tenant.orgId} on another host`);
  return { kind: 'signIn', response: answer };
}

export type SocialFailure =
  /** Spec 1 §8: the 'Account Not Found' dialog, with the server's message as the reason. */
  | { kind: 'accountNotFound'; reason: string }
  /** Any other failure: the login form's error text. */
  | { kind: 'failed'; message: string };

export function classifySocialFailure(error: unknown): SocialFailure {
  if (isApiError(error) && error.code === 'account_not_found')
    return { kind: 'accountNotFound', reason: error.message };
  return { kind: 'failed', message: loginErrorMessage(error) };
}

/** The parts of window.location the host computation needs. */
export interface HostLocation {
  protocol: string;
  hostname: string;
  port: string;
}

type OrgHost = Pick<TenantConfig, 'orgId'> & { customDomain?: string | null };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function cleanDomain(domain: string | null | undefined): string | null {
  const value = domain?.trim().toLowerCase().replace(/\.$/, '');
  return value || null;
}

/**
 * The origin (same protocol and port) of `target`'s host, seen from `current`'s host `here`:
 * - the target's custom domain when it has one;
 * - `{target}.{domain}` when this host is `{current orgId}.{domain}`;
 * - `{target}.{host}` when this host is a bare product domain (e.g. `localhost`, where the
 *   default org answers);
 * - null when it cannot be known: an IP address, or this host is the current org's custom domain
 *   (the product domain is not known to the browser).
 */
export function orgOrigin(target: OrgHost, current: OrgHost, here: HostLocation): string | null {
  const port = here.port ? `:${here.port}` : '';
  const custom = cleanDomain(target.customDomain);
  if (custom) return `${here.protocol}//${custom}${port}`;
  const hostname = cleanDomain(here.hostname);
  if (!hostname || IPV4.test(hostname) || hostname.includes(':') || hostname.startsWith('[')) return null;
  if (hostname === cleanDomain(current.customDomain)) return null;
  const orgId = target.orgId.toLowerCase();
  const [first, ...rest] = hostname.split('.');
  const domain = rest.length > 0 && first === current.orgId.toLowerCase() ? rest.join('.') : hostname;
  return `${here.protocol}//${orgId}.${domain}${port}`;
}
