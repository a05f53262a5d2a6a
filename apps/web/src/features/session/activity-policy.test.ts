import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { decideOnActivity, decideOnIdle, IDLE_TIMEOUT_MS, idleTimeoutMs, type KeeperState } from './activity-policy';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const tokenExpiringIn = (ms: number) => makeToken({ sub: 'u', role: 'admin', exp: Math.floor((NOW + ms) / 1000) });
const base: KeeperState = {
  token: tokenExpiringIn(60 * 60 * 1000),
  dialogOpen: false,
  refreshing: false,
  now: NOW,
  lastRefreshAt: 0,
};

describe('idle timeout', () => {
  it('is 15 minutes unless overridden for tests', () => {
    expect(IDLE_TIMEOUT_MS).toBe(15 * 60 * 1000);
    expect(idleTimeoutMs(null)).toBe(IDLE_TIMEOUT_MS);
    expect(idleTimeoutMs('2000')).toBe(2000);
    expect(idleTimeoutMs('nonsense')).toBe(IDLE_TIMEOUT_MS);
    expect(idleTimeoutMs('-5')).toBe(IDLE_TIMEOUT_MS);
  });
});

describe('activity refresh', () => {
  it('does nothing while the token is far from expiry', () => {
    expect(decideOnActivity(base)).toBe('none');
  });

  it('refreshes when the token is about to expire', () => {
    expect(decideOnActivity({ ...base, token: tokenExpiringIn(10 * 60 * 1000) })).toBe('refresh');
  });

  it('is skipped while the dialog is open or a refresh runs', () => {
    const soon = tokenExpiringIn(10 * 60 * 1000);
    expect(decideOnActivity({ ...base, token: soon, dialogOpen: true })).toBe('none');
    expect(decideOnActivity({ ...base, token: soon, refreshing: true })).toBe('none');
  });

  it('does nothing without a token, or once it has expired (the idle dialog takes over)', () => {
    expect(decideOnActivity({ ...base, token: null })).toBe('none');
    expect(decideOnActivity({ ...base, token: tokenExpiringIn(-1000) })).toBe('none');
  });

  it('does not refresh again within a minute of the last refresh', () => {
    const soon = tokenExpiringIn(10 * 60 * 1000);
    expect(decideOnActivity({ ...base, token: soon, lastRefreshAt: NOW - 30_000 })).toBe('none');
    expect(decideOnActivity({ ...base, token: soon, lastRefreshAt: NOW - 61_000 })).toBe('refresh');
  });
});

describe('idle expiry', () => {
  it('stops without a token', () => {
    expect(decideOnIdle({ token: null, dialogOpen: false, now: NOW })).toEqual({ kind: 'stop' });
  });

  it('asks to continue once the token has expired', () => {
    expect(decideOnIdle({ token: tokenExpiringIn(-1), dialogOpen: false, now: NOW })).toEqual({
      kind: 'expired-dialog',
    });
  });

  it('waits for the expiry while the token is still valid', () => {
    expect(decideOnIdle({ token: tokenExpiringIn(5 * 60 * 1000), dialogOpen: false, now: NOW })).toEqual({
      kind: 'check-again',
      inMs: 5 * 60 * 1000 + 250,
    });
  });

  it('looks again after another idle period when that comes before the expiry', () => {
    expect(decideOnIdle({ token: tokenExpiringIn(5 * 60 * 1000), dialogOpen: false, now: NOW }, 6000)).toEqual({
      kind: 'check-again',
      inMs: 6000,
    });
  });

  it('does not stack dialogs', () => {
    expect(decideOnIdle({ token: tokenExpiringIn(-1), dialogOpen: true, now: NOW })).toEqual({ kind: 'stop' });
  });
});
