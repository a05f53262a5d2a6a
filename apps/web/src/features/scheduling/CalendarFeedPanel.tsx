import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import type { CalendarFeedKind } from './api';
import { useCalendarFeed, useRevokeCalendarFeed } from './hooks';

const WHAT: Record<CalendarFeedKind, string> = {
  student: 'the classes you are booked in',
  teacher: 'the classes you teach',
};

/**
 * The person's private calendar feed: shown on request, copied into a calendar app; a new address
 * makes the old one stop working (decisions.md "Scheduling, slice 2").
 */
export function CalendarFeedPanel({ kind }: { kind: CalendarFeedKind }) {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(kind, shown);
  const revoke = useRevokeCalendarFeed(kind);
  const titleId = `feed-title-${kind}`;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs">
      <Title order={2} size="h4" id={titleId}>
        Calendar feed
      </Title>
      <Text size="sm">
        Add {WHAT[kind]} to your phone or computer calendar. Keep the address private: anyone who has it can see these
        classes.
      </Text>
      {!shown ? (
        <Group>
          <Button variant="default" onClick={() => setShown(true)}>
            Show my calendar feed
          </Button>
        </Group>
      ) : feed.isError ? (
        <Text c="red.9">The calendar feed could not be loaded. Please try again.</Text>
      ) : feed.data ? (
        <Stack gap="xs">
          <TextInput
            label="Calendar feed address"
            value={feed.data.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group gap="xs">
            <CopyButton value={feed.data.url} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy address'}
                </Button>
              )}
            </CopyButton>
            <Anchor href={feed.data.url.replace(/^https?:/, 'webcal:')}>Subscribe in your calendar app</Anchor>
            <Button
              variant="outline"
              color="red.9"
              loading={revoke.isPending}
              onClick={async () => {
                if (!window.confirm('Make a new address? The current one stops working in every calendar using it.'))
                  return;
                const done = await revoke
                  .mutateAsync()
                  .then(() => true)
                  .catch(() => false);
                if (done) showSuccessToast('Your calendar feed has a new address.');
              }}
            >
              Get a new address
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" role="status">
          Loading…
        </Text>
      )}
    </Stack>
  );
}
