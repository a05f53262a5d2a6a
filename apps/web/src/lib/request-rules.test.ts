import { describe, expect, it } from 'vitest';
import { type RequestContext, requestRulesFor } from './request-rules';

const origin = 'http://demo.localhost:3000';
const signedIn: RequestContext = { accessToken: 'staff-token', studentPreviewToken: null, origin };
const preview: RequestContext = { accessToken: 'staff-token', studentPreviewToken: 'student-token', origin };
const anonymous: RequestContext = { accessToken: null, studentPreviewToken: null, origin };

describe('request rules: bearer token', () => {
  it('sends the staff token to the API when a token exists', () => {
    for (const path of [
      '/rest/reInitInfo?preview=false',
      '/rest/account/detail',
      '/app/logout',
      '/stemplate/webpage',
    ]) {
      expect(requestRulesFor(path, signedIn).bearer, path).toBe('staff-token');
    }
  });

  it('sends no token when there is none', () => {
    expect(requestRulesFor('/rest/account/detail', anonymous).bearer).toBeNull();
  });

  it('never sends a token to paths containing the login segment', () => {
    expect(requestRulesFor('/login', signedIn).bearer).toBeNull();
    expect(requestRulesFor('/public/login/social', signedIn).bearer).toBeNull();
    // "login" must be a whole segment, not part of a word.
    expect(requestRulesFor('/rest/loginhistory', signedIn).bearer).toBe('staff-token');
  });

  it('sends no token to the whitelisted public calls and the auth-token path', () => {
    const tokenless = [
      '/public/user/registration',
      '/rest/user/forgotPassword',
      '/public/user/forgotPassword',
      '/ping',
      '/ping?name=demo',
      '/snode/tenant/ping',
      '/public/publicFitnessClass/abc',
      '/public/publicScheduleMoreInfo/abc',
      '/stemplate/public/web/tenant-1/home',
      '/public/featuredEvents',
      '/public/authToken',
      '/rest/authToken?token=x',
    ];
    for (const path of tokenless) expect(requestRulesFor(path, signedIn).bearer, path).toBeNull();
  });

  it('sends the staff token to the email template calls (the "email send" family)', () => {
    expect(requestRulesFor('/esend/etemplate', signedIn)).toMatchObject({ bearer: 'staff-token', ownApi: true });
  });

  it('uses the student token during Student Preview', () => {
    expect(requestRulesFor('/rest/account/detail', preview).bearer).toBe('student-token');
    expect(requestRulesFor('/snode/anything', preview).bearer).toBe('student-token');
    expect(requestRulesFor('/ping', preview).bearer).toBeNull();
  });

  it('never sends a token to a vendor URL', () => {
    expect(requestRulesFor('https://api.stripe.com/v1/tokens', signedIn).bearer).toBeNull();
    expect(requestRulesFor('https://evil.example/rest/account/detail', signedIn).bearer).toBeNull();
  });
});

describe('request rules: content type and credentials', () => {
  it('sets JSON content type only for our own API paths with a JSON body', () => {
    expect(requestRulesFor('/login', anonymous).jsonContentType).toBe(true);
    expect(requestRulesFor(`${origin}/rest/contact`, signedIn).jsonContentType).toBe(true);
    expect(requestRulesFor('https://api.cloudinary.com/v1_1/demo/upload', signedIn).jsonContentType).toBe(false);
    expect(requestRulesFor('/rest/contact', signedIn, false).jsonContentType).toBe(false);
    // Same origin but not an API family (a static file): no JSON header.
    expect(requestRulesFor('/assets/logo.png', signedIn).jsonContentType).toBe(false);
  });

  it('turns credentials off for whitelisted and vendor URLs, on (same origin) otherwise', () => {
    expect(requestRulesFor('/ping', anonymous).credentials).toBe('omit');
    expect(requestRulesFor('/public/user/registration', anonymous).credentials).toBe('omit');
    expect(requestRulesFor('https://api.stripe.com/v1/tokens', signedIn).credentials).toBe('omit');
    expect(requestRulesFor('/rest/account/detail', signedIn).credentials).toBe('same-origin');
    expect(requestRulesFor('/login', anonymous).credentials).toBe('same-origin');
  });

  it('keeps same-origin URLs relative and vendor URLs absolute', () => {
    expect(requestRulesFor(`${origin}/rest/reInitInfo?preview=true`, signedIn).url).toBe(
      '/rest/reInitInfo?preview=true',
    );
    expect(requestRulesFor('https://api.stripe.com/v1/tokens', signedIn).url).toBe('https://api.stripe.com/v1/tokens');
  });

  it('treats another origin on the same path as a vendor', () => {
    const rules = requestRulesFor('http://other.localhost:3000/rest/account/detail', signedIn);
    expect(rules.ownApi).toBe(false);
    expect(rules.credentials).toBe('omit');
  });
});
