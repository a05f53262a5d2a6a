import type { StudentSession } from '@atrium/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { schedulingApi } from './api';
import { useBook } from './hooks';
import { PayAtStudioNote } from './PayAtStudioNote';
import { dropInPaymentPath, paysAtStudio } from './place-payment';
import { SessionDetails } from './SessionDetails';

type Outcome = { kind: 'done'; session: StudentSession } | { kind: 'refused'; message: string };

/**
 * /signup/{classId}/{clsStartTime}?scheduleId: where a stored class pick lands after login (spec 1
 * §2). It books the class once on arrival and says how it went; a paid drop-in held for its card
 * payment goes straight on into the payment (its invoice's page), one paid at the studio says so.
 */
export default function SignupPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Sign Up');
  const { classId = '', clsStartTime = '' } = useParams();
  const [search] = useSearchParams();
  const scheduleId = search.get('scheduleId') ?? undefined;
  const session = useQuery({
    queryKey: ['scheduling', 'signup', classId, clsStartTime],
    queryFn: () => schedulingApi.publicSession(classId, clsStartTime),
    retry: false,
  });
  const book = useBook();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || !session.data) return;
    asked.current = true;
    book
      .mutateAsync({ classId, clsStartTime, ...(scheduleId ? { scheduleId } : {}) })
      .then((done) => setOutcome({ kind: 'done', session: done }))
      .catch((error: unknown) =>
        setOutcome({
          kind: 'refused',
          message: isApiError(error) || error instanceof Error ? error.message : String(error),
        }),
      );
  }, [session.data, book, classId, clsStartTime, scheduleId]);

  const timeZone = tenant.timezone;
  return (
    <Stack component="section" aria-labelledby="signup-title" gap="md" maw={640}>
      <Title order={1} id="signup-title">
        {session.data?.name ?? 'Sign Up'}
      </Title>
      {session.isPending ? (
        <Loader aria-label="Loading the class" />
      ) : session.isError ? (
        <Alert color="red" title="This class could not be found">
          It may have been moved or cancelled. Please pick another one from the calendar.
        </Alert>
      ) : (
        <SessionDetails session={session.data} timeZone={timeZone} />
      )}
      {outcome === null ? (
        session.data ? (
          <Loader size="sm" aria-label="Booking" />
        ) : null
      ) : outcome.kind === 'done' && dropInPaymentPath(outcome.session) ? (
        <Navigate to={dropInPaymentPath(outcome.session) ?? '/classes'} replace />
      ) : outcome.kind === 'done' ? (
        <Alert
          color="teal"
          title={outcome.session.myStatus === 'booked' ? 'You are booked' : 'You are on the waitlist'}
        >
          {outcome.session.myStatus === 'booked' ? (
            <Stack gap={4}>
              <Text size="sm">See you in class.</Text>
              {paysAtStudio(outcome.session) ? (
                <PayAtStudioNote size="sm" invoicePublicId={outcome.session.myInvoicePublicId} />
              ) : null}
            </Stack>
          ) : (
            `You are number ${outcome.session.myWaitlistPosition} in line.`
          )}
        </Alert>
      ) : (
        <Alert color="red" title="Not booked">
          {outcome.message}
        </Alert>
      )}
      <Group>
        <Button component={Link} to="/classes" variant="default">
          See all classes
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        You can cancel from the calendar before the class starts.
      </Text>
    </Stack>
  );
}
