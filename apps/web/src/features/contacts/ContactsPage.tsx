import {
  CONTACT_PAGE_SIZE_DEFAULT,
  CONTACT_PAGE_SIZES,
  CONTACT_SEARCH_DEBOUNCE_MS,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactSort,
  type ContactStatus,
} from '@atrium/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ContactDialog } from './ContactDialog';
import { ContactStatsStrip } from './ContactStatsStrip';
import { ContactTable, contactPath } from './ContactTable';
import { formatRange } from './contact-format';
import { useContactList, useCreateContact, useDeleteContacts, useTagRegistry } from './hooks';
import { tagOptions } from './tag-format';

const ContactImportDialog = lazy(() => import('./ContactImportDialog'));

const SORTS: { value: ContactSort; label: string }[] = [
  { value: 'name', label: 'Name (A-Z)' },
  { value: '-name', label: 'Name (Z-A)' },
  { value: '-dateCreated', label: 'Newest first' },
  { value: 'dateCreated', label: 'Oldest first' },
  { value: '-dateUpdated', label: 'Recently updated' },
  { value: '-balance', label: 'Balance (high to low)' },
  { value: 'balance', label: 'Balance (low to high)' },
];

/** /contacts: the admin contact list (spec 3 §3, §7.4, §9). */
export default function ContactsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Contacts');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, CONTACT_SEARCH_DEBOUNCE_MS);
  const [statuses, setStatuses] = useState<ContactStatus[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const registry = useTagRegistry('tag');
  const [joinBy, setJoinBy] = useState<'or' | 'and'>('or');
  const [sort, setSort] = useState<ContactSort>('name');
  const [max, setMax] = useState<number>(CONTACT_PAGE_SIZE_DEFAULT);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);
  const { user } = useSession();
  // Importing is for admin and staff (the server refuses the front desk).
  const canImport = user?.role === 'admin' || user?.role === 'staff';

  const params = { start: (page - 1) * max, max, search: debouncedSearch, statuses, tags, joinBy, sort };
  const list = useContactList(params);
  const create = useCreateContact();
  const remove = useDeleteContacts();
  const rows = list.data?.data ?? [];
  const total = list.data?.recordsTotal ?? 0;
  const pages = Math.max(1, Math.ceil(total / max));

  function resetPaging<T>(setter: (value: T) => void) {
    return (value: T) => {
      setter(value);
      setPage(1);
      setSelected(new Set());
    };
  }

  function toggle(guId: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(guId)) next.delete(guId);
      else next.add(guId);
      return next;
    });
  }

  function toggleAll() {
    setSelected((current) =>
      rows.every((row) => current.has(row.guId)) ? new Set() : new Set(rows.map((row) => row.guId)),
    );
  }

  async function deleteSelected() {
    const ids = [...selected];
    const result = await remove.mutateAsync(ids).catch(() => null);
    setConfirming(false);
    if (result) {
      setSelected(new Set());
      showSuccessToast(`${result.deleted} contact${result.deleted === 1 ? '' : 's'} deleted.`);
    }
  }

  return (
    <Stack component="section" aria-labelledby="contacts-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="contacts-title">
          Contacts
        </Title>
        <Group gap="xs">
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
        </Group>
      </Group>

      <ContactStatsStrip active={statuses} onPick={(status) => resetPaging(setStatuses)(status ? [status] : [])} />

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search Contact"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <MultiSelect
          label="Status"
          placeholder={statuses.length ? undefined : 'Any status'}
          data={CONTACT_STATUSES.map((status) => ({ value: status, label: CONTACT_STATUS_LABELS[status] }))}
          value={statuses}
          onChange={(value) => resetPaging(setStatuses)(value as ContactStatus[])}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <TagsInput
          label="Tags"
          placeholder={tags.length ? undefined : 'Any tag'}
          data={tagOptions(registry.data, tags)}
          value={tags}
          onChange={resetPaging(setTags)}
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
            onChange={(value) => resetPaging(setJoinBy)(value as 'or' | 'and')}
            data={[
              { value: 'or', label: 'Any' },
              { value: 'and', label: 'All' },
            ]}
          />
        </Stack>
        <Select
          label="Sort by"
          data={SORTS}
          value={sort}
          onChange={(value) => value && resetPaging(setSort)(value as ContactSort)}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>

      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading contacts" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Contacts could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg">
          No contacts found.
        </Text>
      ) : (
        <ContactTable rows={rows} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
      )}

      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {formatRange(params.start, rows.length, total, list.data?.isTotalCapped ?? false)}
          {list.isFetching && !list.isPending ? ' …' : ''}
        </Text>
        <Group gap="sm">
          <Select
            aria-label="Rows per page"
            data={CONTACT_PAGE_SIZES.map(String)}
            value={String(max)}
            onChange={(value) => value && resetPaging(setMax)(Number(value))}
            allowDeselect={false}
            w={90}
          />
          <Pagination
            total={pages}
            value={page}
            onChange={(value) => {
              setPage(value);
              setSelected(new Set());
            }}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      </Group>

      <ContactDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (values) => {
          const contact = await create.mutateAsync({
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            phone: values.phone,
            grnNumber: tenant.isSupportGrn ? values.grnNumber || null : undefined,
            hasSignedWaiverForm: values.hasSignedWaiverForm,
            subscribeToMailingList: values.subscribeToMailingList,
          });
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
    </Stack>
  );
}
