import type { ContactEmailList, ContactEmailRow } from '@atrium/contracts';
import { Badge, Card, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';

export const EMAILS_PAGE_SIZE = 10;

/** Spec 3 §7.4 POST /esend/email/contact: the emails the platform sent to this address, newest first. */
const emailsApi = {
  list: (email: string, start: number) =>
    apiRequest<ContactEmailList>('/esend/email/contact', {
      method: 'POST',
      body: { email },
      query: { start, max: EMAILS_PAGE_SIZE },
      silent: true,
    }),
};

const STATUS: Record<ContactEmailRow['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'green' },
  pending: { label: 'Pending', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** The card's body once loaded: the empty state or one row per email (subject, time, status). */
export function ContactEmailsList({ data, timeZone }: { data: ContactEmailList; timeZone: string }) {
  const when = (iso: string) => formatDateTime(iso, timeZone);
  if (data.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" mt="xs">
        No emails sent yet
      </Text>
    );
  }
  return (
    <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Emails">
      {data.data.map((email) => {
        const status = STATUS[email.status];
        return (
          <li key={email.id}>
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {email.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {email.sentAt ? `Sent ${when(email.sentAt)}` : `Queued ${when(email.createdAt)}`}
                </Text>
              </div>
              {/* the status in dark 7: Mantine's green and gray on their tints fall under 4.5:1 */}
              <Badge size="sm" variant="light" color={status.color} c="dark.7" style={{ flexShrink: 0 }}>
                {status.label}
              </Badge>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}

/** The "Emails" card of the contact detail: the emails sent to the contact's address, with paging. */
export function ContactEmailsCard({ email }: { email: string }) {
  const tenant = useTenant();
  const [page, setPage] = useState(1);
  const start = (page - 1) * EMAILS_PAGE_SIZE;
  const emails = useQuery({
    queryKey: ['contacts', 'emails', email, start],
    queryFn: () => emailsApi.list(email, start),
    enabled: email !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
  const pages = emails.data ? Math.ceil(emails.data.recordsTotal / EMAILS_PAGE_SIZE) : 0;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-emails-title">
      <Title order={2} fz="h4" id="contact-emails-title">
        Emails
      </Title>
      {email === '' ? (
        <Text c="dimmed" size="sm" mt="xs">
          This contact has no email address.
        </Text>
      ) : emails.isPending ? (
        <Loader size="sm" aria-label="Loading emails" mt="xs" />
      ) : emails.isError || !emails.data ? (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {emails.error instanceof Error && emails.error.message
            ? emails.error.message
            : 'The emails could not be loaded.'}
        </Text>
      ) : (
        <>
          <ContactEmailsList data={emails.data} timeZone={tenant.timezone} />
          {pages > 1 && (
            <Pagination mt="sm" size="sm" total={pages} value={page} onChange={setPage} aria-label="Email pages" />
          )}
        </>
      )}
    </Card>
  );
}
