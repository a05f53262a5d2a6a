import { Stack, Text, Title } from '@mantine/core';
import { useTenant } from '../session/session-store';
import { CreditsPanel } from './CreditsPanel';
import { useContactCredits, useSubscriptions } from './hooks';
import { SubscriptionCard } from './SubscriptionCard';

/** On the contact detail: their memberships (staff can pause, resume, cancel) and class credits. */
export function ContactMembershipsPanel({ contactId }: { contactId: string }) {
  const tenant = useTenant();
  const subs = useSubscriptions('all', { offset: 0, max: 100, showArchive: true, contactId });
  const credits = useContactCredits(contactId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="contact-memberships-title">
      <Title order={2} size="h3" id="contact-memberships-title">
        Memberships
      </Title>
      {subs.data?.data.length === 0 ? <Text>No memberships.</Text> : null}
      {subs.data?.data.map((sub) => (
        <SubscriptionCard key={sub.guId} sub={sub} timeZone={tenant.timezone} staff />
      ))}
      {credits.data ? <CreditsPanel credits={credits.data} timeZone={tenant.timezone} headingOrder={3} /> : null}
    </Stack>
  );
}
