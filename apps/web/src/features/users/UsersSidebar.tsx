import { Loader, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useStaffUsers } from './hooks';
import { filterUsers, sortUsers, userPath, userRoleText } from './users-rules';

/** The user detail's sidebar: the users list (stacked above the form on a phone). */
export function UsersSidebar({ currentId }: { currentId: string }) {
  const users = useStaffUsers();
  const [search, setSearch] = useState('');
  const rows = sortUsers(filterUsers(users.data ?? [], search), { key: 'fullName', direction: 'asc' });
  return (
    <Stack gap="xs" component="nav" aria-label="Users">
      <TextInput
        aria-label="Filter users"
        placeholder="Search"
        size="sm"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {users.isPending ? (
        <Loader size="sm" aria-label="Loading users" />
      ) : (
        <ScrollArea.Autosize mah={{ base: 220, md: 560 }} type="auto">
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              No matching records found
            </Text>
          ) : (
            rows.map((row) => (
              <NavLink
                key={row.guId}
                component={Link}
                to={userPath(row.guId)}
                active={row.guId === currentId}
                aria-current={row.guId === currentId ? 'page' : undefined}
                label={row.fullName}
                description={`${userRoleText(row)}${row.accountLocked ? ' · Suspended' : ''}`}
              />
            ))
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
