import {
  CUSTOM_FIELD_FILTERS,
  CUSTOM_FIELD_TOASTS,
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomField,
  type CustomFieldFilter,
  type CustomFieldType,
} from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Busy } from '../../app/components/Busy';
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

/** /settings/customfield: the tenant's custom fields, listed per type (spec 2 §2 "Custom Fields"). */
export default function CustomFieldsPage() {
  const isAdmin = useIsAdmin();
  const fields = useCustomFields();
  const remove = useRemoveCustomField();
  const [filter, setFilter] = useState<CustomFieldFilter>('all');
  const [editing, setEditing] = useState<{ field: CustomField | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const all = fields.data ?? [];
  const groups = groupByType(all, filter);

  const confirmDelete = async () => {
    if (!deleting) return;
    const done = await remove.mutateAsync(deleting.guId).catch(() => null);
    if (done) showSuccessToast(CUSTOM_FIELD_TOASTS.deleted);
    setDeleting(null);
  };

  return (
    <section aria-label="Custom Fields">
      <SettingsHeader title="Custom Fields">
        {isAdmin ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ field: null })}>
            Add Custom Field
          </Button>
        ) : null}
      </SettingsHeader>
      <Stack gap="md" maw={1000}>
        {!isAdmin ? (
          <Alert color="gray" title="Read only">
            Only an administrator can change these settings.
          </Alert>
        ) : null}
        <Select
          label="Type"
          data={FILTER_DATA}
          value={filter}
          onChange={(value) => value && setFilter(value as CustomFieldFilter)}
          allowDeselect={false}
          maw={240}
        />
        {fields.isLoading ? (
          <Busy label="Loading the custom fields" />
        ) : fields.isError ? (
          <Text c="red.9">The custom fields could not be loaded. Please reload the page.</Text>
        ) : groups.length === 0 ? (
          <Text c="dimmed">
            {filter === 'all'
              ? 'No custom fields yet.'
              : `No ${CUSTOM_FIELD_TYPE_LABELS[filter as CustomFieldType]} fields yet.`}
          </Text>
        ) : (
          groups.map((group) => (
            <FieldGroup
              key={group.type}
              type={group.type}
              fields={group.fields}
              isAdmin={isAdmin}
              onEdit={(field) => setEditing({ field })}
              onDelete={setDeleting}
            />
          ))
        )}
      </Stack>
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
    </section>
  );
}

interface GroupProps {
  type: CustomFieldType;
  fields: CustomField[];
  isAdmin: boolean;
  onEdit: (field: CustomField) => void;
  onDelete: (field: CustomField) => void;
}

function FieldGroup({ type, fields, isAdmin, onEdit, onDelete }: GroupProps) {
  const titleId = `custom-fields-${type}`;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {CUSTOM_FIELD_TYPE_LABELS[type]}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Tag</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Details</Table.Th>
              {isAdmin ? (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field.guId}>
                <Table.Td>{field.name}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {field.tag}
                  </Text>
                </Table.Td>
                <Table.Td>{field.fieldName || '—'}</Table.Td>
                <Table.Td>
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
                </Table.Td>
                {isAdmin ? (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Edit ${field.name}`} onClick={() => onEdit(field)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${field.name}`}
                        onClick={() => onDelete(field)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
