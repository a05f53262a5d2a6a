import type { DonationCampaign } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconList, IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { donationsApi } from './api';
import { CampaignDialog } from './CampaignDialog';
import { money, progressOf } from './campaign-money';
import { DonationTable } from './DonationTable';

/** /donation: the donation campaigns with what each raised; add, edit, archive, see the gifts. */
export default function DonationsAdminPage() {
  const tenant = useTenant();
  const { user } = useSession();
  useDocumentHead(tenant, 'Donations');
  const [view, setView] = useState<'active' | 'archived'>('active');
  const campaigns = useQuery({
    queryKey: ['donations', 'campaigns', view],
    queryFn: () => donationsApi.campaigns(view === 'archived'),
  });
  const client = useQueryClient();
  const archive = useMutation({
    mutationFn: ({ guId, archived }: { guId: string; archived: boolean }) => donationsApi.archive(guId, archived),
    onSuccess: (_data, { archived }) => {
      showSuccessToast(archived ? 'Campaign archived.' : 'Campaign restored.');
      return client.invalidateQueries({ queryKey: ['donations'] });
    },
  });
  const [editing, setEditing] = useState<{ campaign: DonationCampaign | null } | null>(null);
  const [giftsOf, setGiftsOf] = useState<DonationCampaign | null>(null);
  const mayWrite = user?.role === 'admin' || user?.role === 'staff';
  const rows = campaigns.data?.data ?? [];
  const currency = campaigns.data?.currency ?? 'USD';

  return (
    <Stack component="section" aria-labelledby="donations-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="donations-title">
          Donations
        </Title>
        {mayWrite ? <Button onClick={() => setEditing({ campaign: null })}>Add Campaign</Button> : null}
      </Group>
      <SegmentedControl
        aria-label="Which campaigns"
        value={view}
        onChange={(value) => setView(value as 'active' | 'archived')}
        data={[
          { value: 'active', label: 'Campaigns' },
          { value: 'archived', label: 'Archived' },
        ]}
        w="fit-content"
      />
      {campaigns.isPending ? (
        <Loader aria-label="Loading campaigns" />
      ) : campaigns.isError ? (
        <Alert color="red" title="Campaigns could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{view === 'archived' ? 'No archived campaigns.' : 'No campaigns yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-labelledby="donations-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Campaign</Table.Th>
                <Table.Th>Raised</Table.Th>
                <Table.Th>Donors</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((campaign) => {
                const percent = progressOf(campaign.raised, campaign.goal);
                return (
                  <Table.Tr key={campaign.guId}>
                    <Table.Td>{campaign.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {money(campaign.raised, campaign.currency)}
                        {campaign.goal ? ` of ${money(campaign.goal, campaign.currency)}` : ''}
                      </Text>
                      {percent !== null ? (
                        <Progress value={percent} size="sm" aria-label={`${campaign.name}: ${percent}% of the goal`} />
                      ) : null}
                    </Table.Td>
                    <Table.Td>{campaign.donorCount}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={campaign.isActive ? 'teal.9' : 'gray.8'}>
                        {campaign.isArchived ? 'Archived' : campaign.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Donations to ${campaign.name}`}
                          onClick={() => setGiftsOf(campaign)}
                        >
                          <IconList size={18} aria-hidden />
                        </ActionIcon>
                        {mayWrite ? (
                          <>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Edit ${campaign.name}`}
                              onClick={() => setEditing({ campaign })}
                            >
                              <IconPencil size={18} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${campaign.isArchived ? 'Restore' : 'Archive'} ${campaign.name}`}
                              onClick={() => archive.mutate({ guId: campaign.guId, archived: !campaign.isArchived })}
                            >
                              {campaign.isArchived ? (
                                <IconArchiveOff size={18} aria-hidden />
                              ) : (
                                <IconArchive size={18} aria-hidden />
                              )}
                            </ActionIcon>
                          </>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CampaignDialog
        opened={editing !== null}
        campaign={editing?.campaign ?? null}
        currency={currency}
        onClose={() => setEditing(null)}
      />
      <Modal
        opened={giftsOf !== null}
        onClose={() => setGiftsOf(null)}
        title={giftsOf ? `Donations to ${giftsOf.name}` : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {giftsOf ? <CampaignGifts campaign={giftsOf} timeZone={tenant.timezone} /> : null}
      </Modal>
    </Stack>
  );
}

function CampaignGifts({ campaign, timeZone }: { campaign: DonationCampaign; timeZone: string }) {
  const gifts = useQuery({
    queryKey: ['donations', 'gifts', campaign.guId],
    queryFn: () => donationsApi.campaignDonations(campaign.guId),
  });
  if (gifts.isPending) return <Loader aria-label="Loading donations" />;
  if (gifts.isError) return <Alert color="red" title="Donations could not be loaded" />;
  return (
    <DonationTable gifts={gifts.data.data} timeZone={timeZone} show="donor" label={`Donations to ${campaign.name}`} />
  );
}
