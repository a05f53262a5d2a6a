import { describe, expect, it } from 'vitest';
import { isLoginFragment, PENDING_TTL_MS, parseLoginFragment, parsePendingSocialSignIn } from './login-fragment';

describe('login fragment', () => {
  it('reads the social token the server sends to /login', () => {
    expect(parseLoginFragment('#token=abc-123&authType=google&redirectUrl=%2Fclasses%3Fx%3D1')).toEqual({
      kind: 'social',
      token: 'abc-123',
      authType: 'google',
      redirectUrl: '/classes?x=1',
    });
    expect(parseLoginFragment('#token=abc&authType=test')).toEqual({
      kind: 'social',
      token: 'abc',
      authType: 'test',
      redirectUrl: null,
    });
  });

  it('reads a failed sign-in as a reason for the Account Not Found dialog', () => {
    expect(parseLoginFragment('#error=sign-in+with+Google+was+cancelled&authType=google')).toEqual({
      kind: 'socialError',
      reason: 'sign-in with Google was cancelled',
      authType: 'google',
    });
    // One short line: no line breaks, bounded length.
    expect(parseLoginFragment('#error=a%0A%0Ab&authType=google')).toMatchObject({ reason: 'a b' });
    expect(parseLoginFragment(`#error=${'x'.repeat(201)}&authType=google`)).toBeNull();
  });

  it('rejects malformed fragments, and knows which fragments are its own', () => {
    expect(parseLoginFragment('#token=abc')).toBeNull();
    expect(parseLoginFragment('#token=abc&authType=Bad%20Id')).toBeNull();
    expect(parseLoginFragment('#token=&authType=google')).toBeNull();
    expect(parseLoginFragment('#section-2')).toBeNull();
    expect(parseLoginFragment('')).toBeNull();
    expect(isLoginFragment('#token=abc')).toBe(true);
    expect(isLoginFragment('#error=x')).toBe(true);
    // tokens never travel in a URL: a session fragment is not ours
    expect(isLoginFragment('#session=x&refresh=y')).toBe(false);
    expect(isLoginFragment('#section-2')).toBe(false);
    expect(isLoginFragment('')).toBe(false);
  });
});

describe('pending social sign-in', () => {
  const now = 1_000_000;
  const stored = (hash: string, at = now) => JSON.stringify({ hash, at });

  it('resumes a fresh one', () => {
    expect(parsePendingSocialSignIn(stored('#token=t&authType=google'), now + 1000)).toMatchObject({
      kind: 'social',
      token: 't',
    });
    expect(parsePendingSocialSignIn(stored('#error=no&authType=google'), now)).toMatchObject({ kind: 'socialError' });
  });

  it('lets a stale, future-dated or malformed one lapse', () => {
    expect(parsePendingSocialSignIn(stored('#token=t&authType=google'), now + PENDING_TTL_MS + 1)).toBeNull();
    expect(parsePendingSocialSignIn(stored('#token=t&authType=google', now + 5000), now)).toBeNull();
    expect(parsePendingSocialSignIn('{', now)).toBeNull();
    expect(parsePendingSocialSignIn(null, now)).toBeNull();
    expect(parsePendingSocialSignIn(JSON.stringify({ hash: 1, at: now }), now)).toBeNull();
    expect(parsePendingSocialSignIn(stored('#session=a&refresh=b'), now)).toBeNull();
  });
});
