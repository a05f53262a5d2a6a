import { EMAIL_CHANGE_LINK_INVALID } from '@atrium/contracts';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { updateSession, useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { profileApi } from './api';

/**
 * /email/confirm?token=... from the email sent to a new address, signed in or not, in every face.
 * Opening it changes nothing (mail scanners follow links): the button does.
 */
export default function EmailConfirmPage() {
  const tenant = useTenant();
  const { user } = useSession();
  useDocumentHead(tenant, 'Confirm email address');
  const token = useSearchParams()[0].get('token') ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(
    token ? null : { ok: false, message: EMAIL_CHANGE_LINK_INVALID },
  );
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { message } = await profileApi.confirmEmail(token);
      setOutcome({ ok: true, message });
      // A signed-in person sees the new address at once.
      if (user) updateSession({ user: (await profileApi.read()).contact });
    } catch (failure) {
      setOutcome({ ok: false, message: isApiError(failure) ? failure.message : EMAIL_CHANGE_LINK_INVALID });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="email-confirm-title" style={{ maxWidth: 480, margin: '2rem auto', padding: '0 1rem' }}>
      <Stack>
        <Title order={1} id="email-confirm-title">
          Confirm email address
        </Title>
        {outcome ? (
          <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </Alert>
        ) : (
          <>
            <Text>Make the address this link was sent to the email address of your account.</Text>
            <Button onClick={confirm} loading={busy}>
              Confirm my new email address
            </Button>
          </>
        )}
        {outcome ? (
          <Anchor component={Link} to={user ? '/profile' : '/login'}>
            {user ? 'Go to your profile' : 'Login'}
          </Anchor>
        ) : null}
      </Stack>
    </section>
  );
}
