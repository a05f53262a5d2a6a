import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PAGE_SIZE_DEFAULT,
  CAMPAIGN_STATUS_LABELS,
  type Campaign,
  type CampaignStatus,
} from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CreateByNameDialog } from '../../app/components/CreateByNameDialog';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { type CampaignListParams, campaignKeys, campaignsApi } from './api';
import { campaignPath, contactsLabel, progressLabel, STATUS_COLOURS } from './campaign-rules';
import { SMS_CAMPAIGNS_PATH } from './sms-api';

const LIST = { pageSizes: [10, 25, 50, 100], defaultPageSize: CAMPAIGN_PAGE_SIZE_DEFAULT, filters: [] };
const wrap = { overflowWrap: 'anywhere' } as const;

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}

function NewCampaignDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <CreateByNameDialog
      opened={opened}
      onClose={onClose}
      title="New campaign"
      label="Campaign name"
      description="For you only: members see the subject."
      maxLength={CAMPAIGN_NAME_MAX}
      nameRequired="name is required"
      create={(name) => campaignsApi.create({ name })}
      success={(name) => `${name} is created.`}
      onCreated={async (created: Campaign) => {
        await client.invalidateQueries({ queryKey: campaignKeys.all });
        navigate(campaignPath(created.id));
      }}
    />
  );
}

/** /campaign: the studio's email campaigns, newest first, with where each one's sending stands. */
export default function CampaignsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Campaigns');
  const list = useListState(LIST);
  const { params: state } = list;
  const params: CampaignListParams = {
    start: (state.page - 1) * state.pageSize,
    length: state.pageSize,
    search: state.search.trim(),
  };
  const campaigns = useQuery({
    queryKey: campaignKeys.list(params),
    queryFn: () => campaignsApi.list(params),
    placeholderData: keepPreviousData,
    // While one is sending, its progress moves.
    refetchInterval: (query) => (query.state.data?.data.some((c) => c.status === 'sending') ? 3000 : false),
  });
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const remove = useMutation({
    mutationFn: (campaign: Campaign) => campaignsApi.remove(campaign.id),
    onSuccess: () => {
      showSuccessToast(CAMPAIGN_MESSAGES.deleted);
      setDeleting(null);
      return client.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
  const zone = tenant?.timezone;

  const columns: ListColumn<Campaign>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (campaign) => (
        <>
          <Anchor component={Link} to={campaignPath(campaign.id)} fw={500} size="sm" style={wrap}>
            {campaign.name}
          </Anchor>
          <Text size="xs" c="dimmed" style={wrap}>
            {campaign.subject || 'No subject yet'}
          </Text>
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: (campaign) => <CampaignStatusBadge status={campaign.status} /> },
    { key: 'audience', header: 'Audience', cell: (campaign) => contactsLabel(campaign.audienceSize) },
    { key: 'sent', header: 'Sent', cell: (campaign) => progressLabel(campaign) },
    {
      key: 'scheduled',
      header: 'Scheduled',
      cell: (campaign) => (campaign.scheduledAt ? formatDateTime(campaign.scheduledAt, zone) : '—'),
    },
  ];

  return (
    <ListScreen
      id="campaigns"
      title="Campaigns"
      description="Email your members: a message, an audience counted before you send, sent in batches with a one-click unsubscribe."
      actions={
        <Group gap="xs">
          <Button component={Link} to={SMS_CAMPAIGNS_PATH} variant="default">
            SMS campaigns
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New campaign
          </Button>
        </Group>
      }
      list={list}
      search={{ label: 'Search campaigns', placeholder: 'Search by name' }}
      query={campaigns}
      rows={campaigns.data?.data ?? []}
      total={campaigns.data?.recordsTotal ?? 0}
      rowKey={(campaign) => campaign.id}
      columns={columns}
      rowActions={(campaign) =>
        campaign.status === 'sending' ? null : (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${campaign.name}`}
            onClick={() => setDeleting(campaign)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )
      }
      noun="campaigns"
      emptyHint="Write your first campaign with New campaign."
      minWidth={720}
      highlightOnHover
    >
      <NewCampaignDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete campaign"
        message={
          <Text mb="lg" style={wrap}>
            Delete {deleting?.name}? This cannot be undone.
          </Text>
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </ListScreen>
  );
}
