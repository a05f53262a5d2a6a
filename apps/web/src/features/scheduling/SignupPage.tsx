import type { StudentSession } from '@atrium/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { invoicesApi } from '../invoices/api';
import { goToProvider } from '../invoices/card-payment';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { schedulingApi } from './api';
import { useBook } from './hooks';
import { SessionDetails } from './SessionDetails';

type Outcome = { kind: 'done'; session: StudentSession } | { kind: 'refused'; message: string };

/**
 * /signup/{classId}/{clsStartTime}?scheduleId: where a stored class pick lands after login (spec 1
 * §2). It books the class once on arrival and says how it went.
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
  const [paying, setPaying] = useState(false);
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
      ) : outcome.kind === 'done' && outcome.session.myStatus === 'pending' ? (
        <Alert color="blue" title="Your spot is held">
          <Stack gap="xs">
            <Text size="sm">This class is paid per visit. Pay now to complete your booking.</Text>
            <Group>
              <Button
                loading={paying}
                onClick={async () => {
                  if (!outcome.session.myInvoicePublicId) return;
                  setPaying(true);
                  try {
                    goToProvider(await invoicesApi.publicPayment(outcome.session.myInvoicePublicId));
                  } catch (error) {
                    setPaying(false);
                    setOutcome({
                      kind: 'refused',
                      message: isApiError(error) || error instanceof Error ? error.message : String(error),
                    });
                  }
                }}
              >
                Pay now
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : outcome.kind === 'done' ? (
        <Alert
          color="teal"
          title={outcome.session.myStatus === 'booked' ? 'You are booked' : 'You are on the waitlist'}
        >
          {outcome.session.myStatus === 'booked'
            ? 'See you in class.'
            : `You are number ${outcome.session.myWaitlistPosition} in line.`}
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
