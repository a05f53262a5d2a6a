import {
  FRANCHISE_PAGE_SIZE,
  FRANCHISE_PAGE_SIZES,
  FRANCHISE_SEARCH_DEBOUNCE_MS,
  type Franchise,
} from '@atrium/contracts';
import { ActionIcon, Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListPager, pageOf } from '../../app/components/ListPager';
import { ListSearch } from '../../app/components/ListSearch';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { SettingsHeader } from '../settings/SettingsHeader';
import { filterFranchises, formatCreatedDate, franchiseEditPath, orgIdLabel } from './franchise-rules';
import { useDeleteFranchise, useFranchiseList } from './hooks';

/** Spec 2 §2 "Franchise": the list with search, 10 a page (5/10/25/100). */
export default function FranchiseListPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const list = useFranchiseList();
  const remove = useDeleteFranchise();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, FRANCHISE_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(FRANCHISE_PAGE_SIZE);
  const [toDelete, setToDelete] = useState<Franchise | null>(null);

  const matches = filterFranchises(list.data ?? [], debounced);
  const rows = pageOf(matches, page, pageSize);

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

  return (
    <Stack gap="md" component="section">
      <SettingsHeader title="Franchise">
        <Button component={Link} to="/settings/franchise/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Add
        </Button>
      </SettingsHeader>
      <ListSearch
        label="Search franchises"
        value={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading franchises" />
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Franchises">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Org Id</Table.Th>
                <Table.Th>Created Date</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text c="dimmed" ta="center" py="md">
                      No matching records found
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr
                    key={row.guid}
                    onClick={() => navigate(franchiseEditPath(row.guid))}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>{formatCreatedDate(row.dateCreatedStr, tenant.timezone)}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete franchise ${row.orgId}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          setToDelete(row);
                        }}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {matches.length > 0 ? (
        <ListPager
          total={matches.length}
          page={page}
          pageSize={pageSize}
          pageSizes={FRANCHISE_PAGE_SIZES}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          noun="franchises"
        />
      ) : null}
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
    </Stack>
  );
}
