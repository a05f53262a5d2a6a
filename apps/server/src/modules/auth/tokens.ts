import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@atrium/contracts';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** contact id */
  sub: string;
  /** tenant id */
  tid: string;
  role: Role;
  /** refresh-token family (the login session) */
  sid: string;
  /** a student-preview token issued to a staff member */
  preview?: boolean;
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class AccessTokens {
  private readonly key: Uint8Array;

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

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.sid !== 'string') {
        return null;
      }
      return {
        sub: payload.sub,
        tid: payload.tid,
        sid: payload.sid,
        role: payload.role as Role,
        preview: payload.preview === true ? true : undefined,
      };
    } catch {
      return null;
    }
  }
}
