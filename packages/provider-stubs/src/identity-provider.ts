/// <reference path="./oidc-provider.d.ts" />
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcAccount } from 'oidc-provider';

export const TEST_CLIENT = { clientId: 'atrium-test', clientSecret: 'atrium-test-client-secret' };

export interface TestIdentityProvider {
  issuer: string;
  /**
   * Drives the IdP's own sign-in pages over plain HTTP (manual redirects and a cookie jar): signs in
   * as `login` (which is also the email) and consents, or aborts. Answers the callback URL the IdP
   * sends the browser to.
   */
  signIn(authorizationUrl: string, login: string, options?: { abort?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, with its development sign-in pages) on 127.0.0.1
 * and a random port. Any login name is accepted; its email is the login name, verified unless listed
 * in unverifiedEmails.
 */
export async function startTestIdentityProvider(options: {
  redirectUris: string[];
  unverifiedEmails?: string[];
}): Promise<TestIdentityProvider> {
  const unverified = new Set(options.unverifiedEmails ?? []);
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['social-login-test-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_context: unknown, id: string): OidcAccount => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: !unverified.has(id) }),
    }),
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string, signInOptions: { abort?: boolean } = {}) {
    const jar = new Map<string, string>();
    let next: { url: string; form?: URLSearchParams } = { url: authorizationUrl };
    for (let step = 0; step < 12; step++) {
      const response = await fetch(next.url, {
        method: next.form ? 'POST' : 'GET',
        body: next.form,
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        redirect: 'manual',
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      const location = response.headers.get('location');
      if (location) {
        const target = new URL(location, next.url);
        if (target.origin !== issuer) return target;
        next = { url: target.href };
        continue;
      }
      // One of the IdP's pages: the sign-in form (prompt=login) or the consent form (prompt=consent).
      const prompt = /name="prompt" value="(\w+)"/.exec(await response.text())?.[1];
      if (!prompt) throw new Error(`unexpected identity provider answer ${response.status} at ${next.url}`);
      if (signInOptions.abort) {
        next = { url: `${next.url}/abort` };
      } else {
        const fields: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
        next = { url: next.url, form: new URLSearchParams(fields) };
      }
    }
    throw new Error('the identity provider never sent the browser back');
  }

  return {
    issuer,
    signIn,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
