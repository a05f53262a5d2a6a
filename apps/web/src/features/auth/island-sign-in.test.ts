import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseIslandSignIn, takeIslandSignIn } from './island-sign-in';

const response = {
  access_token: 'a',
  refresh_token: 'r',
  tenant: { orgId: 'demo' },
  contact: { role: 'student' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sign-in handed over by the server-rendered login page', () => {
  it('is taken once, with its return path', () => {
    vi.stubGlobal('window', { atriumSignIn: { response, returnUrl: '/events/1' } });
    expect(takeIslandSignIn()).toEqual({ response, returnUrl: '/events/1' });
    expect(takeIslandSignIn()).toBeNull();
  });

  it('is nothing unless it looks like a login answer', () => {
    expect(parseIslandSignIn(undefined)).toBeNull();
    expect(parseIslandSignIn({ response: { ...response, access_token: '' } })).toBeNull();
    expect(parseIslandSignIn({ response: { ...response, contact: null } })).toBeNull();
    expect(parseIslandSignIn({ response: { ...response, tenant: {} } })).toBeNull();
    expect(parseIslandSignIn({ response, returnUrl: 5 })).toEqual({ response, returnUrl: null });
  });
});
