import {
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PAGE_SIZE_DEFAULT,
  SMS_CAMPAIGN_MESSAGES,
  SMS_CAMPAIGN_STATUS_LABELS,
  type SmsCampaign,
  type SmsCampaignStatus,
} from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconMail, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CreateByNameDialog } from '../../app/components/CreateByNameDialog';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { CAMPAIGNS_PATH } from './campaign-rules';
import { type SmsListParams, smsApi, smsCampaignPath, smsKeys } from './sms-api';

const LIST = { pageSizes: [10, 25, 50, 100], defaultPageSize: CAMPAIGN_PAGE_SIZE_DEFAULT, filters: [] };
const wrap = { overflowWrap: 'anywhere' } as const;
const COLOURS: Record<SmsCampaignStatus, string> = {
  draft: 'gray',
  sending: 'blue',
  paused: 'orange',
  sent: 'green',
  cancelled: 'red',
};

export function SmsStatusBadge({ status }: { status: SmsCampaignStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {SMS_CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** /campaign/sms: the studio's text campaigns, newest first, with their numbers. */
export default function SmsCampaignsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'SMS campaigns');
  const list = useListState(LIST);
  const { params: state } = list;
  const params: SmsListParams = {
    start: (state.page - 1) * state.pageSize,
    length: state.pageSize,
    search: state.search.trim(),
  };
  const campaigns = useQuery({
    queryKey: smsKeys.list(params),
    queryFn: () => smsApi.list(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((c) => c.status === 'sending') ? 3000 : false),
  });
  const client = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SmsCampaign | null>(null);
  const remove = useMutation({
    mutationFn: (campaign: SmsCampaign) => smsApi.remove(campaign.id),
    onSuccess: () => {
      showSuccessToast(SMS_CAMPAIGN_MESSAGES.deleted);
      setDeleting(null);
      return client.invalidateQueries({ queryKey: smsKeys.all });
    },
  });

  const columns: ListColumn<SmsCampaign>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (campaign) => (
        <Anchor component={Link} to={smsCampaignPath(campaign.id)} fw={500} size="sm" style={wrap}>
          {campaign.name}
        </Anchor>
      ),
    },
    { key: 'status', header: 'Status', cell: (campaign) => <SmsStatusBadge status={campaign.status} /> },
    {
      key: 'sent',
      header: 'Sent',
      cell: (campaign) => (campaign.status === 'draft' ? '—' : `${campaign.report.sent} of ${campaign.total}`),
    },
    {
      key: 'delivered',
      header: 'Delivered',
      cell: (campaign) => (campaign.status === 'draft' ? '—' : String(campaign.report.delivered)),
    },
  ];

  return (
    <ListScreen
      id="sms-campaigns"
      title="SMS campaigns"
      description="Text your members through your Twilio or Plivo number, in pages, with STOP always honoured."
      actions={
        <Group gap="xs">
          <Button
            component={Link}
            to={CAMPAIGNS_PATH}
            variant="default"
            leftSection={<IconMail size={16} aria-hidden />}
          >
            Email campaigns
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New SMS campaign
          </Button>
        </Group>
      }
      list={list}
      search={{ label: 'Search SMS campaigns', placeholder: 'Search by name' }}
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
      noun="SMS campaigns"
      emptyHint="Write your first text with New SMS campaign."
      minWidth={560}
      highlightOnHover
    >
      <CreateByNameDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title="New SMS campaign"
        label="Campaign name"
        description="For you only: members see the text."
        maxLength={CAMPAIGN_NAME_MAX}
        nameRequired="name is required"
        create={(name) => smsApi.create({ name })}
        success={(name) => `${name} is created.`}
        onCreated={async (created: SmsCampaign) => {
          await client.invalidateQueries({ queryKey: smsKeys.all });
          navigate(smsCampaignPath(created.id));
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete SMS campaign"
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
