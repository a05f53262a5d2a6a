import {
  CONTACT_PAGE_SIZE_DEFAULT,
  CONTACT_PAGE_SIZES,
  CONTACT_SEARCH_DEBOUNCE_MS,
  CONTACT_SORTS,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactListRow,
  type ContactSort,
  type ContactStatus,
} from '@atrium/contracts';
import { Anchor, Badge, Button, Group, MultiSelect, SegmentedControl, Stack, TagsInput, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatSort, type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ContactDialog } from './ContactDialog';
import { ContactStatsStrip } from './ContactStatsStrip';
import { contactPath } from './ContactTable';
import { contactCreateBody, formatBalance, formatDayMonthYear, formatRelativeDay } from './contact-format';
import { useContactList, useCreateContact, useDeleteContacts, useTagRegistry } from './hooks';
import { tagOptions } from './tag-format';

const ContactImportDialog = lazy(() => import('./ContactImportDialog'));

/** `status` and `tags` hold comma-separated values; `match=all` narrows to contacts with every tag. */
const LIST = {
  pageSizes: CONTACT_PAGE_SIZES,
  defaultPageSize: CONTACT_PAGE_SIZE_DEFAULT,
  filters: ['status', 'tags', 'match'],
  defaultSort: { column: 'name', direction: 'asc' as const },
};
const values = (raw: string | null | undefined) => (raw ? raw.split(',').filter(Boolean) : []);
const isStatus = (value: string): value is ContactStatus => (CONTACT_STATUSES as readonly string[]).includes(value);
const isSort = (value: string | null): value is ContactSort =>
  value !== null && (CONTACT_SORTS as readonly string[]).includes(value);

/** /contacts: the admin contact list (spec 3 §3, §7.4, §9). */
export default function ContactsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Contacts');
  const navigate = useNavigate();
  const list = useListState(LIST, CONTACT_SEARCH_DEBOUNCE_MS);
  const { params: state } = list;
  const statuses = values(state.filters.status).filter(isStatus);
  const tags = values(state.filters.tags);
  const joinBy = state.filters.match === 'all' ? 'and' : 'or';
  const sortParam = formatSort(state.sort);
  const registry = useTagRegistry('tag');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);
  const { user } = useSession();
  // Importing is for admin and staff (the server refuses the front desk).
  const canImport = user?.role === 'admin' || user?.role === 'staff';

  const params = {
    start: (state.page - 1) * state.pageSize,
    max: state.pageSize,
    search: state.search,
    statuses,
    tags,
    joinBy,
    sort: isSort(sortParam) ? sortParam : 'name',
  } as const;
  const contacts = useContactList({ ...params, statuses, tags });
  const create = useCreateContact();
  const remove = useDeleteContacts();

  // Another page, search or filter shows other rows: what was picked is let go.
  const listKey = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the list asked for changes
  useEffect(() => setSelected(new Set()), [listKey]);

  async function deleteSelected() {
    const ids = [...selected];
    const result = await remove.mutateAsync(ids).catch(() => null);
    setConfirming(false);
    if (result) {
      setSelected(new Set());
      showSuccessToast(`${result.deleted} contact${result.deleted === 1 ? '' : 's'} deleted.`);
    }
  }

  const columns: ListColumn<ContactListRow>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      cell: (row) => (
        <>
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
        </>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, cell: (row) => row.email },
    { key: 'phone', header: 'Phone', cell: (row) => row.phone },
    {
      key: 'balance',
      header: 'Balance',
      sortable: true,
      cell: (row) => (
        <Text span inherit c={row.balance < 0 ? 'red.9' : undefined}>
          {formatBalance(row.balance, tenant.csymbol)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <Group gap={4}>
          {row.statuses.map((status) => (
            <Badge key={status} size="sm" variant="light">
              {CONTACT_STATUS_LABELS[status]}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'expires',
      header: 'Membership Expires',
      cell: (row) => formatDayMonthYear(row.lastActiveMembershipExpiresOn) || '—',
    },
    { key: 'dateCreated', header: 'Created', sortable: true, cell: (row) => formatRelativeDay(row.dateCreated) },
    { key: 'dateUpdated', header: 'Updated', sortable: true, cell: (row) => formatRelativeDay(row.dateUpdated) },
  ];

  return (
    <ListScreen
      id="contacts"
      title="Contacts"
      tableLabel="Contacts"
      actions={
        <>
          {selected.size > 0 ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Delete Selected ({selected.size})
            </Button>
          ) : null}
          {canImport ? (
            <Button variant="default" onClick={() => setImporting(true)}>
              Import
            </Button>
          ) : null}
          <Button onClick={() => setCreating(true)}>Add Contact</Button>
        </>
      }
      description={
        <ContactStatsStrip active={statuses} onPick={(status) => list.setFilter('status', status ?? null)} />
      }
      list={list}
      search={{ label: 'Search', placeholder: 'Search Contact', type: 'search' }}
      query={contacts}
      rows={contacts.data?.data ?? []}
      total={contacts.data?.recordsTotal ?? 0}
      totalCapped={contacts.data?.isTotalCapped ?? false}
      rowKey={(row) => row.guId}
      columns={columns}
      selection={{
        selected,
        onChange: setSelected,
        rowLabel: (row) => `Select ${row.name}`,
        allLabel: 'Select all contacts on this page',
      }}
      onRowClick={(row) => navigate(contactPath(row.guId))}
      noun="contacts"
      texts={{ none: 'No contacts found.', noMatch: 'No contacts found.' }}
      emptyHint="Add a contact with Add Contact, or bring a list in with Import."
      minWidth={960}
      highlightOnHover
      toolbarEnd={
        <>
          <MultiSelect
            label="Status"
            placeholder={statuses.length ? undefined : 'Any status'}
            data={CONTACT_STATUSES.map((status) => ({ value: status, label: CONTACT_STATUS_LABELS[status] }))}
            value={statuses}
            onChange={(value) => list.setFilter('status', value.join(',') || null)}
            clearable
            w={{ base: '100%', sm: 240 }}
          />
          <TagsInput
            label="Tags"
            placeholder={tags.length ? undefined : 'Any tag'}
            data={tagOptions(registry.data, tags)}
            value={tags}
            onChange={(value) => list.setFilter('tags', value.join(',') || null)}
            clearable
            w={{ base: '100%', sm: 220 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="contacts-join-by">
              Match
            </Text>
            <SegmentedControl
              aria-labelledby="contacts-join-by"
              value={joinBy}
              onChange={(value) => list.setFilter('match', value === 'and' ? 'all' : null)}
              data={[
                { value: 'or', label: 'Any' },
                { value: 'and', label: 'All' },
              ]}
            />
          </Stack>
        </>
      }
    >
      <ContactDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (values) => {
          const contact = await create.mutateAsync(contactCreateBody(values, tenant.isSupportGrn));
          showSuccessToast(`${contact.name} added.`);
          navigate(contactPath(contact.guId));
        }}
      />
      {importing ? (
        <Suspense fallback={null}>
          <ContactImportDialog opened={importing} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Delete Contacts"
        message={`${selected.size} contact${selected.size === 1 ? '' : 's'} will be deleted, Are you sure?`}
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={deleteSelected}
      />
    </ListScreen>
  );
}
