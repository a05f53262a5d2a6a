import type { StaffUser } from '@atrium/contracts';
import { Anchor, Avatar, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ariaSort, formatLastLogin, type UserSort, type UserSortKey, userPath, userRoleText } from './users-rules';

interface Props {
  rows: StaffUser[];
  sort: UserSort;
  onSort: (key: UserSortKey) => void;
  timeZone?: string;
}

const COLUMNS: { key: UserSortKey; label: string }[] = [
  { key: 'fullName', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'roles', label: 'Role' },
  { key: 'lastLoginTime', label: 'Last Login' },
];

/** Spec 2 §2 "Users Setting": sortable columns; a row (and its name link) opens the user. */
export function UsersTable({ rows, sort, onSort, timeZone }: Props) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column.key} aria-sort={ariaSort(sort, column.key)}>
                <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm">
                  <Group gap={4} wrap="nowrap">
                    {column.label}
                    <SortIcon sort={sort} column={column.key} />
                  </Group>
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  No matching records found
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.guId} onClick={() => navigate(userPath(row.guId))} style={{ cursor: 'pointer' }}>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{userRoleText(row)}</Table.Td>
                <Table.Td>{formatLastLogin(row.lastLoginTime, timeZone)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SortIcon({ sort, column }: { sort: UserSort; column: UserSortKey }) {
  if (sort.key !== column) return <IconArrowsSort size={14} aria-hidden opacity={0.4} />;
  return sort.direction === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />;
}
