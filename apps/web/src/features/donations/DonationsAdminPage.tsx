import type { DonationCampaign } from '@atrium/contracts';
import { ActionIcon, Alert, Badge, Button, Loader, Modal, Progress, SegmentedControl, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconList, IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { donationsApi } from './api';
import { CampaignDialog } from './CampaignDialog';
import { money, progressOf } from './campaign-money';
import { DonationTable } from './DonationTable';

const COLUMNS: ListColumn<DonationCampaign>[] = [
  { key: 'name', header: 'Campaign', cell: (campaign) => campaign.name, sortValue: (campaign) => campaign.name },
  {
    key: 'raised',
    header: 'Raised',
    sortValue: (campaign) => campaign.raised,
    cell: (campaign) => {
      const percent = progressOf(campaign.raised, campaign.goal);
      return (
        <>
          <Text size="sm">
            {money(campaign.raised, campaign.currency)}
            {campaign.goal ? ` of ${money(campaign.goal, campaign.currency)}` : ''}
          </Text>
          {percent !== null ? (
            <Progress value={percent} size="sm" aria-label={`${campaign.name}: ${percent}% of the goal`} />
          ) : null}
        </>
      );
    },
  },
  {
    key: 'donors',
    header: 'Donors',
    cell: (campaign) => campaign.donorCount,
    sortValue: (campaign) => campaign.donorCount,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (campaign) => (
      <Badge variant="light" color={campaign.isActive ? 'teal' : 'gray'}>
        {campaign.isArchived ? 'Archived' : campaign.isActive ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

/** /donation: the donation campaigns with what each raised; add, edit, archive, see the gifts. */
export default function DonationsAdminPage() {
  const tenant = useTenant();
  const { user } = useSession();
  useDocumentHead(tenant, 'Donations');
  // "Archived" is the list's Show archived, kept in the address like every list's
  const list = useListState(WHOLE_LIST_PAGING);
  const view = list.params.showArchived ? 'archived' : 'active';
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
  const currency = campaigns.data?.currency ?? 'USD';

  return (
    <ListScreen
      id="donations"
      title="Donations"
      actions={mayWrite ? <Button onClick={() => setEditing({ campaign: null })}>Add Campaign</Button> : null}
      list={list}
      toolbar={
        <SegmentedControl
          aria-label="Which campaigns"
          value={view}
          onChange={(value) => list.setShowArchived(value === 'archived')}
          data={[
            { value: 'active', label: 'Campaigns' },
            { value: 'archived', label: 'Archived' },
          ]}
          w="fit-content"
        />
      }
      query={campaigns}
      rows={campaigns.data?.data ?? []}
      rowKey={(campaign) => campaign.guId}
      columns={COLUMNS}
      rowActions={(campaign) => (
        <>
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
                {campaign.isArchived ? <IconArchiveOff size={18} aria-hidden /> : <IconArchive size={18} aria-hidden />}
              </ActionIcon>
            </>
          ) : null}
        </>
      )}
      noun="campaigns"
      texts={view === 'archived' ? { none: 'No archived campaigns.' } : undefined}
      emptyHint={
        view === 'archived'
          ? 'A campaign you archive shows here; restore it to take gifts again.'
          : mayWrite
            ? 'Add a campaign with Add Campaign: it gets a page where people give.'
            : 'Campaigns your studio adds show here.'
      }
      minWidth={560}
    >
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
    </ListScreen>
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
