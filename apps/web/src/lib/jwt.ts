import type { Role } from '@atrium/contracts';

/** The claims the server puts in an access token (HS256; the browser only reads them). */
export interface AccessClaims {
  sub?: string;
  tid?: string;
  role?: Role;
  exp?: number;
  iat?: number;
  preview?: boolean;
}

/** Spec 1 §4 / spec 3 §9: a token is 'about to expire' within 15 minutes of its expiry. */
export const REFRESH_BUFFER_MS = 15 * 60 * 1000;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload without verifying the signature (the server verifies). Null when unreadable. */
export function decodeJwt(token: string | null | undefined): AccessClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return claims && typeof claims === 'object' ? (claims as AccessClaims) : null;
  } catch {
    return null;
  }
}

/** Expiry in epoch milliseconds, or null when the token or its exp claim is missing. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeJwt(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** 'Expired' at expiry or when the expiry is unknown (spec 1 §4). */
export function isTokenExpired(token: string | null | undefined, now: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || now >= expiresAt;
}

/**
 * The buffer actually used: 15 minutes, but never more than half the token's lifetime, so a
 * server that issues short tokens (say 10 minutes) does not make every mouse move a refresh.
 */
export function refreshBufferFor(token: string | null | undefined, bufferMs: number = REFRESH_BUFFER_MS): number {
  const claims = decodeJwt(token);
  if (typeof claims?.exp === 'number' && typeof claims.iat === 'number' && claims.exp > claims.iat) {
    return Math.min(bufferMs, ((claims.exp - claims.iat) * 1000) / 2);
  }
  return bufferMs;
}

/** 'About to expire' within the buffer of expiry; an expired or unreadable token counts too. */
export function isTokenAboutToExpire(
  token: string | null | undefined,
  now: number = Date.now(),
  bufferMs: number = REFRESH_BUFFER_MS,
): boolean {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return true;
  return expiresAt - now <= refreshBufferFor(token, bufferMs);
}

export function roleFromToken(token: string | null | undefined): Role | null {
  return decodeJwt(token)?.role ?? null;
}
