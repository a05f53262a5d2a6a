import { Card, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTenant } from '../session/session-store';
import { donationsApi } from './api';
import { DonationTable } from './DonationTable';

/** The contact's gifts on their detail screen (shown only with donations on). */
export function ContactDonationsCard({ contactId }: { contactId: string }) {
  const tenant = useTenant();
  const gifts = useQuery({
    queryKey: ['donations', 'contact', contactId],
    queryFn: () => donationsApi.contactDonations(contactId),
    enabled: tenant.isShowDonation,
  });
  if (!tenant.isShowDonation) return null;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-donations-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contact-donations-title">
          Donations
        </Title>
        {gifts.isPending ? (
          <Loader size="sm" aria-label="Loading donations" />
        ) : gifts.data ? (
          <DonationTable gifts={gifts.data.data} timeZone={tenant.timezone} show="campaign" label="Donations" />
        ) : null}
      </Stack>
    </Card>
  );
}
