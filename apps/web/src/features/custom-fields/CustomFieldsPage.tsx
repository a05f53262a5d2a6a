import {
  CUSTOM_FIELD_FILTERS,
  CUSTOM_FIELD_TOASTS,
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomField,
  type CustomFieldFilter,
  type CustomFieldType,
} from '@atrium/contracts';
import { ActionIcon, Alert, Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { CustomFieldDialog } from './CustomFieldDialog';
import { groupByType, optionsOf } from './custom-field-form';
import { useCustomFields, useRemoveCustomField } from './hooks';

const FILTER_DATA = CUSTOM_FIELD_FILTERS.map((filter) => ({
  value: filter,
  label: filter === 'all' ? 'All' : CUSTOM_FIELD_TYPE_LABELS[filter],
}));

/** The type filter lives in the address as `?type=` (none: every type). */
const LIST = { ...WHOLE_LIST_PAGING, filters: ['type'] };

const COLUMNS: ListColumn<CustomField>[] = [
  { key: 'name', header: 'Name', sortValue: (field) => field.name, cell: (field) => field.name },
  {
    key: 'tag',
    header: 'Tag',
    cell: (field) => (
      <Text ff="monospace" size="sm">
        {field.tag}
      </Text>
    ),
  },
  { key: 'description', header: 'Description', cell: (field) => field.fieldName || '—' },
  {
    key: 'details',
    header: 'Details',
    cell: (field) => (
      <Group gap={4}>
        {field.isMandatory ? (
          <Badge size="sm" color="red" variant="light">
            Mandatory
          </Badge>
        ) : null}
        {optionsOf(field).map((option) => (
          <Badge key={option} size="sm" variant="outline" tt="none">
            {option}
          </Badge>
        ))}
        {field.placeholder ? (
          <Text size="xs" c="dimmed">
            {field.placeholder}
          </Text>
        ) : null}
      </Group>
    ),
  },
];

const isFilter = (value: string | null): value is CustomFieldFilter =>
  (CUSTOM_FIELD_FILTERS as readonly string[]).includes(value ?? '');

/** /settings/customfield: the tenant's custom fields, one table per type (spec 2 §2 "Custom Fields"). */
export default function CustomFieldsPage() {
  const isAdmin = useIsAdmin();
  const list = useListState(LIST);
  const fields = useCustomFields();
  const remove = useRemoveCustomField();
  const typeParam = list.params.filters.type ?? null;
  const filter: CustomFieldFilter = isFilter(typeParam) ? typeParam : 'all';
  const [editing, setEditing] = useState<{ field: CustomField | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const all = fields.data ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    const done = await remove.mutateAsync(deleting.guId).catch(() => null);
    if (done) showSuccessToast(CUSTOM_FIELD_TOASTS.deleted);
    setDeleting(null);
  };

  const typeLabel = filter === 'all' ? null : CUSTOM_FIELD_TYPE_LABELS[filter as CustomFieldType];
  return (
    <ListScreen
      id="custom-fields"
      header={
        <SettingsHeader title="Custom Fields">
          {isAdmin ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ field: null })}>
              Add Custom Field
            </Button>
          ) : null}
        </SettingsHeader>
      }
      description={
        !isAdmin ? (
          <Alert color="gray" title="Read only">
            Only an administrator can change these settings.
          </Alert>
        ) : null
      }
      toolbar={
        <Select
          label="Type"
          data={FILTER_DATA}
          value={filter}
          onChange={(value) => value && list.setFilter('type', value === 'all' ? null : value)}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
      }
      list={list}
      search={{ label: 'Search custom fields', text: (field) => `${field.name} ${field.tag} ${field.fieldName}` }}
      query={fields}
      rows={groupByType(all, filter).flatMap((group) => group.fields)}
      groups={(rows) =>
        groupByType(rows, 'all').map((group) => ({
          key: group.type,
          title: CUSTOM_FIELD_TYPE_LABELS[group.type],
          rows: group.fields,
        }))
      }
      rowKey={(field) => field.guId}
      columns={COLUMNS}
      rowActions={
        isAdmin
          ? (field) => (
              <>
                <ActionIcon variant="subtle" aria-label={`Edit ${field.name}`} onClick={() => setEditing({ field })}>
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${field.name}`}
                  onClick={() => setDeleting(field)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </>
            )
          : undefined
      }
      noun="custom fields"
      texts={{
        loading: 'Loading the custom fields',
        error: 'The custom fields could not be loaded',
        noMatch: typeLabel && !list.params.search.trim() ? `No ${typeLabel} fields yet.` : 'No custom fields match.',
      }}
      emptyHint={
        isAdmin
          ? 'Add one with Add Custom Field to keep more about each contact.'
          : 'Fields an administrator adds show here.'
      }
      minWidth={560}
    >
      <CustomFieldDialog
        opened={editing !== null}
        field={editing?.field ?? null}
        initialType={filter === 'all' ? 'text' : filter}
        fields={all}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Custom Field!"
        message="Are you sure you want to continue?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </ListScreen>
  );
}
