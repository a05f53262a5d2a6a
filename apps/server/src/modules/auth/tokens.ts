import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@atrium/contracts';
import { jwtVerify, SignJWT } from 'jose';
import type { AccessClaims } from '../../lib/access-claims.ts';

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Franchise mode survives refreshes: the refresh token of a franchise-mode session ends with
 * `.{masterAdminId}`. Tokens are looked up by the hash of the whole string, so the suffix cannot be
 * altered or added (base64url has no dot, so the split is unambiguous).
 */
export function newRefreshToken(masterAdminId?: string): string {
  return masterAdminId ? `${newOpaqueToken()}.${masterAdminId}` : newOpaqueToken();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The master admin's id a franchise-mode refresh token ends with; anything else names none (the token is then unknown). */
export function masterAdminIdOfRefreshToken(token: string): string | undefined {
  const at = token.indexOf('.');
  const suffix = at === -1 ? '' : token.slice(at + 1);
  return UUID.test(suffix) ? suffix : undefined;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Verified tokens kept in memory (a token is about 300 bytes): enough for every active session. */
const VERIFIED_MAX = 20_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * token -> its claims and expiry (ms). A signed-in client sends the same token on every call for
   * up to 30 minutes; checking its HMAC again each time (WebCrypto: a key import, a thread-pool
   * round trip) was a tenth of a signed-in read's CPU. The same string is the same verified token;
   * the expiry is still checked on every hit.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly minutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, minutes = this.minutes): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(`${minutes}m`)
      .sign(this.key);
  }

  /**
   * The claims of a token verified before and not expired, without a promise (the request hot path);
   * undefined when verify() must decide (never verified, expired, or invalid: invalid ones are not kept).
   */
  peek(token: string): AccessClaims | undefined {
    const hit = this.verified.get(token);
    return hit && Date.now() < hit.expiresAt ? hit.claims : undefined;
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (Date.now() < hit.expiresAt) return hit.claims;
      this.verified.delete(token);
    }
    const verified = await this.verifySignature(token);
    if (verified) {
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.set(token, verified);
    }
    return verified?.claims ?? null;
  }

  private async verifySignature(token: string): Promise<{ claims: AccessClaims; expiresAt: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.sid !== 'string') {
        return null;
      }
      // jose requires no exp; ours always carry one (sign sets it), and one without never enters the cache
      if (typeof payload.exp !== 'number') return null;
      const claims: AccessClaims = {
        sub: payload.sub,
        tid: payload.tid,
        sid: payload.sid,
        role: payload.role as Role,
        preview: payload.preview === true ? true : undefined,
        masterAdminId: typeof payload.masterAdminId === 'string' ? payload.masterAdminId : undefined,
        act: actorOf(payload.act),
      };
      // frozen: every request of the session shares this object
      return { claims: Object.freeze(claims), expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}

function actorOf(value: unknown): { sub: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const sub = (value as { sub?: unknown }).sub;
  return typeof sub === 'string' ? { sub } : undefined;
}
