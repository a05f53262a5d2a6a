import { CAMPAIGN_NAME_MAX, CAMPAIGN_PAGE_SIZE_DEFAULT } from '@atrium/contracts';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CreateByNameDialog } from '../../app/components/CreateByNameDialog';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import type { CampaignListParams } from './api';

const LIST = { pageSizes: [10, 25, 50, 100], defaultPageSize: CAMPAIGN_PAGE_SIZE_DEFAULT, filters: [] };
export const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

interface ListedCampaign {
  id: string;
  name: string;
  status: string;
}

/** What differs between the email and the SMS campaign lists: their calls, words and columns. */
export interface CampaignListScreenProps<T extends ListedCampaign> {
  id: string;
  /** The page's title, also the document's. */
  title: string;
  description: string;
  /** The other kind of campaign's list, offered beside "New". */
  otherList: { to: string; label: string; icon?: ReactNode };
  /** "campaign" or "SMS campaign": the New button, the dialogs and the search label say it. */
  kind: string;
  createDescription: string;
  emptyHint: string;
  deletedMessage: string;
  minWidth: number;
  columns: (zone: string | undefined) => ListColumn<T>[];
  keys: { all: readonly unknown[]; list: (params: CampaignListParams) => readonly unknown[] };
  api: {
    list: (params: CampaignListParams) => Promise<{ data: T[]; recordsTotal: number }>;
    create: (body: { name: string }) => Promise<T>;
    remove: (id: string) => Promise<unknown>;
  };
  path: (id: string) => string;
}

/**
 * A studio's campaigns of one kind, newest first: search, paging, New (a name, then the campaign's page),
 * and Delete for any that is not sending. The list refreshes while one is sending, as its numbers move.
 */
export function CampaignListScreen<T extends ListedCampaign>(props: CampaignListScreenProps<T>) {
  const tenant = useTenant();
  useDocumentHead(tenant, props.title);
  const list = useListState(LIST);
  const { params: state } = list;
  const params: CampaignListParams = {
    start: (state.page - 1) * state.pageSize,
    length: state.pageSize,
    search: state.search.trim(),
  };
  const campaigns = useQuery({
    queryKey: props.keys.list(params),
    queryFn: () => props.api.list(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((c) => c.status === 'sending') ? 3000 : false),
  });
  const client = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: (campaign: T) => props.api.remove(campaign.id),
    onSuccess: () => {
      showSuccessToast(props.deletedMessage);
      setDeleting(null);
      return client.invalidateQueries({ queryKey: props.keys.all });
    },
  });

  return (
    <ListScreen
      id={props.id}
      title={props.title}
      description={props.description}
      actions={
        <Group gap="xs">
          <Button component={Link} to={props.otherList.to} variant="default" leftSection={props.otherList.icon}>
            {props.otherList.label}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New {props.kind}
          </Button>
        </Group>
      }
      list={list}
      search={{ label: `Search ${props.kind}s`, placeholder: 'Search by name' }}
      query={campaigns}
      rows={campaigns.data?.data ?? []}
      total={campaigns.data?.recordsTotal ?? 0}
      rowKey={(campaign) => campaign.id}
      columns={props.columns(tenant?.timezone)}
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
      noun={`${props.kind}s`}
      emptyHint={props.emptyHint}
      minWidth={props.minWidth}
      highlightOnHover
    >
      <CreateByNameDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title={`New ${props.kind}`}
        label="Campaign name"
        description={props.createDescription}
        maxLength={CAMPAIGN_NAME_MAX}
        nameRequired="name is required"
        create={(name) => props.api.create({ name })}
        success={(name) => `${name} is created.`}
        onCreated={async (created: T) => {
          await client.invalidateQueries({ queryKey: props.keys.all });
          navigate(props.path(created.id));
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${props.kind}`}
        message={
          <Text mb="lg" style={wrapAnywhere}>
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
