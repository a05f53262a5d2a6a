import type { OAuthProvider, SocialLoginOrg, TenantConfig } from '@atrium/contracts';
import { Button, Divider, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { setLoginTrace } from '../../lib/auth-tokens';
import { fetchOAuthProviders, socialLogin } from './auth-api';
import { completeSignIn } from './complete-sign-in';
import { takePendingSocialSignIn } from './login-fragment';
import { classifySocialAnswer, classifySocialFailure, oauthStartUrl, orgOrigin } from './social-login';

// The dialogs (and Mantine's Modal) load only when one opens.
const SelectOrgDialog = lazy(() => import('./SelectOrgDialog').then((m) => ({ default: m.SelectOrgDialog })));
const AccountNotFoundDialog = lazy(() =>
  import('./AccountNotFoundDialog').then((m) => ({ default: m.AccountNotFoundDialog })),
);

interface OrgChoice {
  orgs: SocialLoginOrg[];
  accessToken: string;
  authType: string;
  redirectUrl: string | null;
}

type Outcome =
  | { kind: 'chooseOrg'; choice: OrgChoice }
  | { kind: 'accountNotFound'; reason: string }
  | { kind: 'failed'; message: string }
  /** Signed in here (the shell lands) or on the way to another org's host: stay busy. */
  | { kind: 'done' };

let providersLoad: Promise<OAuthProvider[]> | null = null;

/** Once per page load; no providers (or a failure) means no buttons. */
function loadProviders(): Promise<OAuthProvider[]> {
  providersLoad ??= fetchOAuthProviders().catch(() => []);
  return providersLoad;
}

/** One POST /public/authToken and what follows from its answer. */
async function attempt(
  request: { accessToken: string; authType: string; orgId?: string },
  redirectUrl: string | null,
  host: TenantConfig,
): Promise<Outcome> {
  try {
    const answer = classifySocialAnswer(await socialLogin({ ...request, redirectUrl }), host.orgId);
    if (answer.kind === 'chooseOrg') {
      if (answer.orgs.length === 0) throw new Error('The org list was empty');
      const { orgs, accessToken } = answer;
      return { kind: 'chooseOrg', choice: { orgs, accessToken, authType: request.authType, redirectUrl } };
    }
    if (answer.kind === 'signIn') {
      await completeSignIn(answer.response, redirectUrl);
      return { kind: 'done' };
    }
    // Another org of the franchise group: sessions are made on its own host, so sign in there
    // (the identity provider remembers the person, so this is one more redirect, not a form).
    const origin = orgOrigin(answer.org, host, window.location);
    if (!origin) throw new Error(`No known host for org ${answer.org.orgId}`);
    window.location.assign(`${origin}${oauthStartUrl(request.authType, redirectUrl)}`);
    return { kind: 'done' };
  } catch (error) {
    // The API client has logged its own failures already.
    if (!isApiError(error)) console.error('Social login failed', error);
    setLoginTrace(false);
    return classifySocialFailure(error);
  }
}

// Shared by StrictMode's double effect: the social token can be spent once only.
let pendingRun: Promise<Outcome> | null = null;

function startPending(host: TenantConfig, returnUrl: string | null): Promise<Outcome> | null {
  const pending = takePendingSocialSignIn();
  if (!pending) return null;
  if (pending.kind === 'socialError') {
    setLoginTrace(false);
    return Promise.resolve({ kind: 'accountNotFound', reason: pending.reason });
  }
  const { token, authType, redirectUrl } = pending;
  return attempt({ accessToken: token, authType }, redirectUrl ?? returnUrl, host);
}

interface SocialLoginState {
  busy: boolean;
  /** The provider buttons, for below the login form (nothing when no provider is configured). */
  buttons: ReactNode;
  /** 'Select Org To Login.' and 'Account Not Found', when open. */
  dialogs: ReactNode;
}

/**
 * The login page's social sign-in: provider buttons, the pending sign-in from the URL fragment
 * (spec 1 §4), the org choice and the failures (spec 1 §8; `onFailure` shows the form's error).
 */
export function useSocialLogin(
  host: TenantConfig,
  returnUrl: string | null,
  onFailure: (message: string | null) => void,
): SocialLoginState {
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<OrgChoice | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const mounted = useRef(true);
  const failure = useRef(onFailure);
  failure.current = onFailure;

  const apply = useCallback((outcome: Outcome) => {
    if (outcome.kind === 'done') return;
    setBusy(false);
    if (outcome.kind === 'chooseOrg') setChoice(outcome.choice);
    else if (outcome.kind === 'accountNotFound') setNotFound(outcome.reason);
    else failure.current(outcome.message);
  }, []);

  useEffect(() => {
    mounted.current = true;
    let live = true;
    void loadProviders().then((list) => live && setProviders(list));
    // Safe to run again (StrictMode, a re-pinged tenant): the pending sign-in is taken once.
    pendingRun ??= startPending(host, returnUrl);
    const run = pendingRun;
    if (run) {
      setBusy(true);
      failure.current(null);
      void run.then((outcome) => {
        if (pendingRun === run) pendingRun = null;
        if (live) apply(outcome);
      });
    }
    return () => {
      live = false;
      mounted.current = false;
    };
  }, [host, returnUrl, apply]);

  const chooseOrg = (orgId: string) => {
    if (!choice) return;
    setChoice(null);
    setBusy(true);
    onFailure(null);
    const request = { accessToken: choice.accessToken, authType: choice.authType, orgId };
    void attempt(request, choice.redirectUrl, host).then((outcome) => mounted.current && apply(outcome));
  };

  const buttons =
    providers.length > 0 ? (
      <Stack gap="xs" mt="md">
        <Divider label="or" labelPosition="center" />
        {providers.map((provider) => (
          <Button
            key={provider.id}
            component="a"
            href={oauthStartUrl(provider.id, returnUrl)}
            variant="default"
            fullWidth
            disabled={busy}
          >
            Continue with {provider.name}
          </Button>
        ))}
      </Stack>
    ) : null;

  const dialogs = (
    <Suspense fallback={null}>
      {choice ? (
        <SelectOrgDialog
          opened
          orgs={choice.orgs}
          onSubmit={(org) => chooseOrg(org.orgId)}
          onClose={() => setChoice(null)}
        />
      ) : null}
      {notFound !== null ? <AccountNotFoundDialog opened reason={notFound} onClose={() => setNotFound(null)} /> : null}
    </Suspense>
  );

  return { busy, buttons, dialogs };
}
