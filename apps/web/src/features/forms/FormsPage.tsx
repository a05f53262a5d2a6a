import { type CustomForm, FORM_TYPE_LABELS } from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useSession } from '../session/session-store';
import { useForms, useRemoveForm } from './api';
import { FormBuilder } from './FormBuilder';
import { FormSettingsCard } from './FormSettingsCard';

/** /customforms (and /registrationform, /settings/regforms): the tenant's forms and the builder. */
export default function FormsPage() {
  const forms = useForms();
  const remove = useRemoveForm();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const [editing, setEditing] = useState<{ form: CustomForm | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomForm | null>(null);

  if (editing) return <FormBuilder form={editing.form} onClose={() => setEditing(null)} />;
  if (forms.isPending) return <Busy />;
  const rows = forms.data ?? [];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Forms
        </Title>
        {isAdmin ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ form: null })}>
            Add Form
          </Button>
        ) : null}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No forms yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Submissions</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((form) => (
                <Table.Tr key={form.guId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/preview/regform/${form.guId}`}>
                      {form.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{FORM_TYPE_LABELS[form.formType]}</Table.Td>
                  <Table.Td>
                    <Badge color={form.isPublished ? 'teal.9' : 'gray.8'}>
                      {form.isPublished ? 'Published' : 'Unpublished'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{form.submissions ?? 0}</Table.Td>
                  <Table.Td>
                    {isAdmin ? (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${form.name}`}
                          onClick={() => setEditing({ form })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${form.name}`}
                          onClick={() => setDeleting(form)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormSettingsCard isAdmin={isAdmin} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete form"
        danger
        message={deleting ? `${deleting.name} will be deleted, Are you sure?` : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const done = await remove.mutateAsync(deleting.guId).catch(() => null);
          if (done) showSuccessToast(done.message);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
