import { CONTACT_STATUS_LABELS, type ContactListRow } from '@atrium/contracts';
import { Anchor, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTenant } from '../session/session-store';
import { formatBalance, formatDayMonthYear, formatRelativeDay } from './contact-format';

interface Props {
  rows: ContactListRow[];
  selected: Set<string>;
  onToggle: (guId: string) => void;
  onToggleAll: () => void;
}

export const contactPath = (guId: string) => `/contacts/${encodeURIComponent(guId)}/detail`;

/** The contact list rows (spec 3 §3 "Contact list row"); scrolls sideways on a phone. */
export function ContactTable({ rows, selected, onToggle, onToggleAll }: Props) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const allChecked = rows.length > 0 && rows.every((row) => selected.has(row.guId));
  const someChecked = rows.some((row) => selected.has(row.guId));

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Contacts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all contacts on this page"
                checked={allChecked}
                indeterminate={!allChecked && someChecked}
                onChange={onToggleAll}
              />
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Balance</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Membership Expires</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.guId}
              onClick={() => navigate(contactPath(row.guId))}
              style={{ cursor: 'pointer' }}
              aria-selected={selected.has(row.guId)}
            >
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select ${row.name}`}
                  checked={selected.has(row.guId)}
                  onChange={() => onToggle(row.guId)}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {row.isUnread ? (
                    <Badge size="xs" color="teal" variant="filled" aria-label="Unread">
                      New
                    </Badge>
                  ) : null}
                  <Anchor
                    component={Link}
                    to={contactPath(row.guId)}
                    fw={row.isUnread ? 700 : 500}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {row.name}
                  </Anchor>
                </Group>
                {row.tags.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {row.tags.join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{row.phone}</Table.Td>
              <Table.Td c={row.balance < 0 ? 'red.9' : undefined}>
                {formatBalance(row.balance, tenant.csymbol)}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {row.statuses.map((status) => (
                    <Badge key={status} size="sm" variant="light">
                      {CONTACT_STATUS_LABELS[status]}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{formatDayMonthYear(row.lastActiveMembershipExpiresOn) || '—'}</Table.Td>
              <Table.Td>{formatRelativeDay(row.dateCreated)}</Table.Td>
              <Table.Td>{formatRelativeDay(row.dateUpdated)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
