import { type StaffUser, USER_PAGE_SIZE_DEFAULT, USER_PAGE_SIZES } from '@atrium/contracts';
import { Anchor, Avatar, Badge, Button, Group } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { useTenant } from '../session/session-store';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { useStaffUsers } from './hooks';
import {
  DEFAULT_USER_SORT,
  filterUsers,
  formatLastLogin,
  sortUsers,
  type UserSortKey,
  userPath,
  userRoleText,
} from './users-rules';

const AddUserDialog = lazy(() => import('./AddUserDialog'));

const LIST = {
  pageSizes: USER_PAGE_SIZES,
  defaultPageSize: USER_PAGE_SIZE_DEFAULT,
  defaultSort: { column: DEFAULT_USER_SORT.key, direction: DEFAULT_USER_SORT.direction },
};
const SORT_KEYS: readonly string[] = ['fullName', 'email', 'roles', 'lastLoginTime'] satisfies UserSortKey[];

/** /settings/users: the staff users, searchable, sortable, 10 a page (5/10/25/100), and the add dialog. */
export default function UsersPage() {
  const tenant = useTenant();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const users = useStaffUsers();
  const list = useListState(LIST);
  const [adding, setAdding] = useState(false);
  const { sort, search } = list.params;
  const order =
    sort && SORT_KEYS.includes(sort.column)
      ? { key: sort.column as UserSortKey, direction: sort.direction }
      : DEFAULT_USER_SORT;

  const columns: ListColumn<StaffUser>[] = [
    {
      key: 'fullName',
      header: 'Name',
      sortable: true,
      cell: (row) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={row.picture} alt="" size="sm" radius="xl" name={row.fullName} color="initials" />
          <Anchor component={Link} to={userPath(row.guId)} onClick={(event) => event.stopPropagation()}>
            {row.fullName}
          </Anchor>
          {row.accountLocked ? (
            <Badge size="xs" color="red" variant="light">
              Suspended
            </Badge>
          ) : null}
          {row.isTeacher ? (
            <Badge size="xs" variant="light">
              Teacher
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, cell: (row) => row.email },
    { key: 'roles', header: 'Role', sortable: true, cell: userRoleText },
    {
      key: 'lastLoginTime',
      header: 'Last Login',
      sortable: true,
      cell: (row) => formatLastLogin(row.lastLoginTime, tenant.timezone),
    },
  ];

  return (
    <ListScreen
      id="users"
      header={
        <SettingsHeader title="Users">
          {isAdmin ? (
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              Add User
            </Button>
          ) : null}
        </SettingsHeader>
      }
      tableLabel="Users"
      list={list}
      search={{ label: 'Search users', placeholder: 'Search by name, email or role' }}
      query={users}
      rows={sortUsers(filterUsers(users.data ?? [], search), order)}
      rowKey={(row) => row.guId}
      columns={columns}
      onRowClick={(row) => navigate(userPath(row.guId))}
      noun="users"
      texts={{ none: 'No matching records found', noMatch: 'No matching records found' }}
      emptyHint={isAdmin ? 'Add a user with Add User to give a colleague a sign-in.' : 'Users an admin adds show here.'}
      minWidth={640}
      highlightOnHover
    >
      {adding ? (
        <Suspense fallback={null}>
          <AddUserDialog opened onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </ListScreen>
  );
}
