import { PLAN_MESSAGES } from '@atrium/contracts';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { showSuccessToast } from '../../lib/notify';
import { SettingsHeader } from '../settings/SettingsHeader';
import { planApi, planKeys } from './api';

/**
 * /settings/plan/card?session_id=...: the payment provider's page sends the admin back here once
 * the new card is saved there; the card then pays the chosen plan (server-side, once), and the
 * admin lands on the plan page as after any paid upgrade.
 */
export default function CardReturnPage() {
  const sessionId = useSearchParams()[0].get('session_id') ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(
    sessionId ? null : 'This payment page did not say which card it saved.',
  );
  const started = useRef(false);

  useEffect(() => {
    // Once per page (React runs effects twice in development); a reload asks again, and the
    // server answers the plan it already bought without charging twice.
    if (!sessionId || started.current) return;
    started.current = true;
    planApi
      .completeCardSetup(sessionId)
      .then(async (saved) => {
        client.setQueryData(planKeys.subscription, saved);
        await client.invalidateQueries({ queryKey: ['plan'] });
        showSuccessToast(PLAN_MESSAGES.updated);
        navigate('/settings/plan', { replace: true });
      })
      .catch((failure: unknown) =>
        setError(isApiError(failure) ? failure.message : 'The payment did not go through. Please try again.'),
      );
  }, [sessionId, client, navigate]);

  return (
    <section aria-label="Card payment">
      <SettingsHeader title="Card payment" backTo="/settings/plan/upgrade" />
      {error ? (
        <Stack gap="sm" maw={560}>
          <Alert color="red" role="alert" title="The plan was not changed">
            {error}
          </Alert>
          <Anchor component={Link} to="/settings/plan/upgrade">
            Back to the plans
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Finishing your payment…</Text>
        </Stack>
      )}
    </section>
  );
}
