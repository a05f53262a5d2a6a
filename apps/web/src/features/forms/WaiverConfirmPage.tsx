import { WAIVER_CONFIRM_TEXTS } from '@atrium/contracts';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { formsApi } from './api';

/**
 * /waiver/confirm/:token: the link emailed to a member whose waiver someone signed without being
 * signed in as them. Opening it changes nothing (mail scanners open links); the button confirms.
 */
export default function WaiverConfirmPage() {
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <WaiverConfirm />
      </QueryClientProvider>
    </MantineScope>
  );
}

function WaiverConfirm() {
  const { token = '' } = useParams();
  const tenant = useTenant();
  useDocumentHead(tenant, 'Confirm your waiver');
  const confirm = useMutation({ mutationFn: () => formsApi.confirmWaiver(token) });
  const outcome = useRef<HTMLDivElement>(null);
  // The button is gone once pressed: the notice that answers takes the focus.
  useEffect(() => {
    if (confirm.data || confirm.error) outcome.current?.focus();
  }, [confirm.data, confirm.error]);
  const error = confirm.error;

  return (
    <Container size="sm" py="lg" component="section" aria-labelledby="waiver-confirm-title">
      <Stack>
        <Title order={1} id="waiver-confirm-title">
          Confirm your waiver
        </Title>
        {confirm.data ? (
          <Alert color="teal" role="status" title={WAIVER_CONFIRM_TEXTS.confirmed} ref={outcome} tabIndex={-1}>
            <Text size="sm" c="dark.7">
              {`${confirm.data.formName} now counts for your bookings and checkouts.`}
            </Text>
          </Alert>
        ) : error ? (
          <Alert color="red" role="alert" title="The waiver was not confirmed" ref={outcome} tabIndex={-1}>
            <Text size="sm" c="dark.7">
              {isApiError(error) ? error.message : 'Please try again in a moment.'}
            </Text>
          </Alert>
        ) : (
          <>
            <Text>
              A waiver was signed with your email address. If you signed it, or someone signed it for you with your
              agreement, confirm it here. Until then we will ask for the waiver again before you book or check out.
            </Text>
            <div>
              <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
                Confirm my waiver
              </Button>
            </div>
            <Text size="sm" c="dimmed">
              If you did not sign it, close this page: the waiver will not count.
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
