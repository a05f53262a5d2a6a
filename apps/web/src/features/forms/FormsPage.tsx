import { type CustomForm, FORM_TYPE_LABELS } from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useSession } from '../session/session-store';
import { useForms, useRemoveForm } from './api';
import { FormBuilder } from './FormBuilder';
import { FormSettingsCard } from './FormSettingsCard';

const COLUMNS: ListColumn<CustomForm>[] = [
  {
    key: 'name',
    header: 'Name',
    sortValue: (form) => form.name,
    cell: (form) => (
      <Anchor component={Link} to={`/preview/regform/${form.guId}`}>
        {form.name}
      </Anchor>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    cell: (form) => FORM_TYPE_LABELS[form.formType],
    sortValue: (form) => FORM_TYPE_LABELS[form.formType],
  },
  {
    key: 'status',
    header: 'Status',
    cell: (form) => (
      <Badge color={form.isPublished ? 'teal.9' : 'gray.8'}>{form.isPublished ? 'Published' : 'Unpublished'}</Badge>
    ),
  },
  {
    key: 'submissions',
    header: 'Submissions',
    cell: (form) => form.submissions ?? 0,
    sortValue: (form) => form.submissions ?? 0,
  },
];

/** /customforms (and /registrationform, /settings/regforms): the tenant's forms and the builder. */
export default function FormsPage() {
  const forms = useForms();
  const remove = useRemoveForm();
  const list = useListState(WHOLE_LIST_PAGING);
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const [editing, setEditing] = useState<{ form: CustomForm | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomForm | null>(null);

  if (editing) return <FormBuilder form={editing.form} onClose={() => setEditing(null)} />;

  return (
    <ListScreen
      id="forms"
      title="Forms"
      actions={
        isAdmin ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ form: null })}>
            Add Form
          </Button>
        ) : null
      }
      list={list}
      search={{ label: 'Search forms', text: (form) => `${form.name} ${FORM_TYPE_LABELS[form.formType]}` }}
      query={forms}
      rows={forms.data ?? []}
      rowKey={(form) => form.guId}
      columns={COLUMNS}
      rowActions={
        isAdmin
          ? (form) => (
              <>
                <ActionIcon variant="subtle" aria-label={`Edit ${form.name}`} onClick={() => setEditing({ form })}>
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
              </>
            )
          : undefined
      }
      noun="forms"
      emptyHint={
        isAdmin
          ? 'Add a form with Add Form: registration, waivers and surveys people fill in on your website.'
          : 'Forms an admin adds show here.'
      }
      minWidth={520}
    >
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
    </ListScreen>
  );
}
