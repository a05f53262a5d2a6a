import { USER_PAGE_SIZE_DEFAULT, USER_PAGE_SIZES } from '@atrium/contracts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ListPager, pageOf } from '../../app/components/ListPager';
import { ListSearch } from '../../app/components/ListSearch';
import { useTenant } from '../session/session-store';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { useStaffUsers } from './hooks';
import { UsersTable } from './UsersTable';
import { DEFAULT_USER_SORT, filterUsers, nextSort, sortUsers, type UserSort } from './users-rules';

const AddUserDialog = lazy(() => import('./AddUserDialog'));

/** /settings/users: the staff users, searchable, sortable, 10 a page (5/10/25/100), and the add dialog. */
export default function UsersPage() {
  const tenant = useTenant();
  const isAdmin = useIsAdmin();
  const users = useStaffUsers();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(USER_PAGE_SIZE_DEFAULT);
  const [adding, setAdding] = useState(false);

  const matches = sortUsers(filterUsers(users.data ?? [], search), sort);
  const rows = pageOf(matches, page, pageSize);

  return (
    <Stack gap="md" component="section" aria-label="Users">
      <SettingsHeader title="Users">
        {isAdmin ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add User
          </Button>
        ) : null}
      </SettingsHeader>
      <ListSearch
        label="Search users"
        placeholder="Search by name, email or role"
        value={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      {users.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading users" />
        </Group>
      ) : users.isError ? (
        <Text c="red.9">The users could not be loaded. Please reload the page.</Text>
      ) : (
        <>
          <UsersTable
            rows={rows}
            sort={sort}
            onSort={(key) => {
              setSort((current) => nextSort(current, key));
              setPage(1);
            }}
            timeZone={tenant.timezone}
          />
          {matches.length > 0 ? (
            <ListPager
              total={matches.length}
              page={page}
              pageSize={pageSize}
              pageSizes={USER_PAGE_SIZES}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              noun="users"
            />
          ) : null}
        </>
      )}
      {adding ? (
        <Suspense fallback={null}>
          <AddUserDialog opened onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
