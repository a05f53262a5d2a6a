import {
  FRANCHISE_PAGE_SIZE,
  FRANCHISE_PAGE_SIZES,
  FRANCHISE_SEARCH_DEBOUNCE_MS,
  type Franchise,
} from '@atrium/contracts';
import { ActionIcon, Anchor, Button, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { SettingsHeader } from '../settings/SettingsHeader';
import { filterFranchises, formatCreatedDate, franchiseEditPath, orgIdLabel } from './franchise-rules';
import { useDeleteFranchise, useFranchiseList } from './hooks';

const LIST = { pageSizes: FRANCHISE_PAGE_SIZES, defaultPageSize: FRANCHISE_PAGE_SIZE };

/** Spec 2 §2 "Franchise": the list with search, 10 a page (5/10/25/100). */
export default function FranchiseListPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const list = useListState(LIST, FRANCHISE_SEARCH_DEBOUNCE_MS);
  const franchises = useFranchiseList();
  const remove = useDeleteFranchise();
  const [toDelete, setToDelete] = useState<Franchise | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.guid, {
      onSuccess: () => {
        showSuccessToast('Successfully deleted franchise.');
        setToDelete(null);
      },
      onError: (error) => {
        showErrorToast(error.message);
        setToDelete(null);
      },
    });
  };

  const columns: ListColumn<Franchise>[] = [
    {
      key: 'orgId',
      header: 'Org Id',
      sortValue: (row) => row.orgId,
      cell: (row) => (
        <>
          {/* The link makes the row's action reachable by keyboard and screen reader. */}
          <Anchor
            component={Link}
            to={franchiseEditPath(row.guid)}
            onClick={(event) => event.stopPropagation()}
            aria-label={`Edit ${row.name}: ${orgIdLabel(row)}`}
            style={{ wordBreak: 'break-all' }}
          >
            {orgIdLabel(row)}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.name}
          </Text>
        </>
      ),
    },
    {
      key: 'created',
      header: 'Created Date',
      sortValue: (row) => row.dateCreatedStr,
      cell: (row) => formatCreatedDate(row.dateCreatedStr, tenant.timezone),
    },
  ];

  return (
    <ListScreen
      id="franchises"
      header={
        <SettingsHeader title="Franchise">
          <Button component={Link} to="/settings/franchise/new" leftSection={<IconPlus size={16} aria-hidden />}>
            Add
          </Button>
        </SettingsHeader>
      }
      tableLabel="Franchises"
      list={list}
      search={{ label: 'Search franchises' }}
      query={franchises}
      rows={filterFranchises(franchises.data ?? [], list.params.search)}
      rowKey={(row) => row.guid}
      columns={columns}
      rowActions={(row) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete franchise ${row.orgId}`}
          onClick={() => setToDelete(row)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
      onRowClick={(row) => navigate(franchiseEditPath(row.guid))}
      noun="franchises"
      texts={{ none: 'No matching records found', noMatch: 'No matching records found' }}
      emptyHint="Add a franchise with Add: it gets its own site and back office under your brand."
      minWidth={480}
      highlightOnHover
    >
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Franchise!"
        message="Are you sure you want to continue?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </ListScreen>
  );
}
