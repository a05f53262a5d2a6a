import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { donationsApi } from './api';
import { DonationTable } from './DonationTable';

/** /mydonation: the signed-in member's gifts, with their receipts. */
export default function MyDonationsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Donations');
  const gifts = useQuery({ queryKey: ['donations', 'mine'], queryFn: donationsApi.mine });
  return (
    <Stack component="section" aria-labelledby="my-donations-title" gap="md">
      <Title order={1} id="my-donations-title">
        My Donations
      </Title>
      {gifts.isPending ? (
        <Loader aria-label="Loading donations" />
      ) : gifts.isError ? (
        <Alert color="red" title="Donations could not be loaded">
          Please try again.
        </Alert>
      ) : (
        <DonationTable gifts={gifts.data.data} timeZone={tenant.timezone} show="campaign" label="My donations" />
      )}
    </Stack>
  );
}
