import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/fixtures';
import {
  decodeJwt,
  isTokenAboutToExpire,
  isTokenExpired,
  REFRESH_BUFFER_MS,
  refreshBufferFor,
  roleFromToken,
  tokenExpiresAt,
} from './jwt';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);
const tokenExpiringIn = (ms: number, extra: Record<string, unknown> = {}) =>
  makeToken({ sub: 'u1', tid: 't1', role: 'admin', exp: seconds(NOW + ms), ...extra });

describe('decodeJwt', () => {
  it('reads the claims of a token', () => {
    const token = makeToken({ sub: 'u1', tid: 't1', role: 'staff', exp: 123, preview: true });
    expect(decodeJwt(token)).toEqual({ sub: 'u1', tid: 't1', role: 'staff', exp: 123, preview: true });
    expect(roleFromToken(token)).toBe('staff');
  });

  it('reads UTF-8 and base64url characters', () => {
    const token = makeToken({ sub: 'Zoë ✓ ~~~???', exp: 1 });
    expect(decodeJwt(token)?.sub).toBe('Zoë ✓ ~~~???');
  });

  it('returns null for missing or malformed tokens', () => {
    expect(decodeJwt(null)).toBeNull();
    expect(decodeJwt('')).toBeNull();
    expect(decodeJwt('not-a-jwt')).toBeNull();
    expect(decodeJwt('a.%%%.c')).toBeNull();
    expect(decodeJwt(`a.${Buffer.from('"just a string"').toString('base64url')}.c`)).toBeNull();
  });
});

describe('token expiry', () => {
  it('gives the expiry in milliseconds', () => {
    expect(tokenExpiresAt(tokenExpiringIn(60_000))).toBe(NOW + 60_000);
    expect(tokenExpiresAt(makeToken({ sub: 'x' }))).toBeNull();
  });

  it("is 'expired' at expiry, after it, and when the expiry is unknown", () => {
    expect(isTokenExpired(tokenExpiringIn(1000), NOW)).toBe(false);
    expect(isTokenExpired(tokenExpiringIn(0), NOW)).toBe(true);
    expect(isTokenExpired(tokenExpiringIn(-1000), NOW)).toBe(true);
    expect(isTokenExpired(makeToken({ sub: 'x' }), NOW)).toBe(true);
    expect(isTokenExpired(null, NOW)).toBe(true);
  });

  it("is 'about to expire' within the 15-minute buffer", () => {
    expect(REFRESH_BUFFER_MS).toBe(15 * 60 * 1000);
    expect(isTokenAboutToExpire(tokenExpiringIn(16 * 60 * 1000), NOW)).toBe(false);
    expect(isTokenAboutToExpire(tokenExpiringIn(15 * 60 * 1000), NOW)).toBe(true);
    expect(isTokenAboutToExpire(tokenExpiringIn(5 * 60 * 1000), NOW)).toBe(true);
    expect(isTokenAboutToExpire(tokenExpiringIn(-1), NOW)).toBe(true);
    expect(isTokenAboutToExpire(null, NOW)).toBe(true);
  });

  it('never uses a buffer longer than half the token lifetime', () => {
    const tenMinuteToken = tokenExpiringIn(10 * 60 * 1000, { iat: seconds(NOW) });
    expect(refreshBufferFor(tenMinuteToken)).toBe(5 * 60 * 1000);
    expect(isTokenAboutToExpire(tenMinuteToken, NOW)).toBe(false);
    expect(isTokenAboutToExpire(tenMinuteToken, NOW + 5 * 60 * 1000)).toBe(true);
    const hourToken = tokenExpiringIn(60 * 60 * 1000, { iat: seconds(NOW) });
    expect(refreshBufferFor(hourToken)).toBe(REFRESH_BUFFER_MS);
  });
});
