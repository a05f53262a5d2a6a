import { createHmac, timingSafeEqual } from 'node:crypto';
import { VIDEO_MEDIA_PREFIX } from '@atrium/contracts';

/**
 * Short-lived media links: `/video-media/{assetId}/{version}/{expires}.{signature}/{file}`, where the
 * signature is an HMAC-SHA256 of the tenant, asset, HLS version and expiry (unix seconds) under a key
 * derived from the platform's JWT secret. Playlists name their files relatively, so a player resolves
 * every segment under the same signed folder; a link copied out stops at its expiry, and the token of
 * one asset (or tenant) does not open another's.
 */
export class VideoLinkSigner {
  readonly #key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = createHmac('sha256', secret).update('atrium video media links v1').digest();
  }

  #signature(tenantId: string, assetId: string, version: string, expires: number): string {
    return createHmac('sha256', this.#key)
      .update(`${tenantId}/${assetId}/${version}/${expires}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** The signed folder of an asset's version and when it expires. */
  sign(tenantId: string, assetId: string, version: string): { base: string; expiresAt: Date } {
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const token = `${expires}.${this.#signature(tenantId, assetId, version, expires)}`;
    return { base: `${VIDEO_MEDIA_PREFIX}${assetId}/${version}/${token}`, expiresAt: new Date(expires * 1000) };
  }

  /** 'ok', or why not: a bad signature (tampered, or another asset's or tenant's) or an expired link. */
  verify(tenantId: string, assetId: string, version: string, token: string): 'ok' | 'invalid' | 'expired' {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return 'invalid';
    const expires = Number(match[1]);
    const expected = Buffer.from(this.#signature(tenantId, assetId, version, expires));
    const given = Buffer.from(match[2] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 > this.now() ? 'ok' : 'expired';
  }

  /** Seconds until a (verified) token expires. */
  secondsLeft(token: string): number {
    return Math.max(0, Number(token.split('.')[0]) - Math.floor(this.now() / 1000));
  }
}
