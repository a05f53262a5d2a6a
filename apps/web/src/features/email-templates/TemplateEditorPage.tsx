import {
  type EmailTemplate,
  EmailTemplateWrite,
  isBlankTemplateBody,
  SAMPLE_TEMPLATE_BODY,
  SAMPLE_TEMPLATE_SUBJECT,
  SYSTEM_TEMPLATE_KEYS,
  type SystemTemplateKey,
  TEMPLATE_BODY_REQUIRED,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_SUBJECT_REQUIRED,
} from '@atrium/contracts';
import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminFormCard } from '../../app/components/AdminFormCard';
import { FormActions } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { CustomFieldDialog } from '../custom-fields/CustomFieldDialog';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { templatesApi } from './api';
import { templateKeys, useCustomFieldTags, useTemplate } from './hooks';
import { TagStrip } from './TagStrip';
import { insertTagInEditor, TemplateBodyEditor } from './TemplateBodyEditor';
import { insertTagAt, TAG_DRAG_TYPE, tagChips, USED_FOR_OPTIONS } from './template-rules';

const LIST = '/settings/templates';

/** Spec 2 §2/§4: Add Template when the route has no id, Edit Template with one. */
export default function TemplateEditorPage() {
  const { id } = useParams();
  const template = useTemplate(id);
  const title = id ? 'Edit Template' : 'Add Template';
  if (id && template.isPending) {
    return (
      <Stack>
        <SettingsHeader title={title} backTo={LIST} />
        <Group justify="center" py="xl">
          <Loader aria-label="Loading template" />
        </Group>
      </Stack>
    );
  }
  if (id && !template.data) {
    return (
      <Stack>
        <SettingsHeader title={title} backTo={LIST} />
        <Alert color="red" title="This template could not be opened">
          <Link to={LIST}>Back to the templates</Link>
        </Alert>
      </Stack>
    );
  }
  return <TemplateForm key={id ?? 'new'} title={title} existing={template.data ?? null} />;
}

interface FormState {
  name: string;
  subject: string;
  template: string;
  systemKey: string;
}

function validate(form: FormState): Partial<Record<keyof FormState, string>> {
  const errors: Partial<Record<keyof FormState, string>> = {};
  if (!form.name.trim()) errors.name = TEMPLATE_NAME_REQUIRED;
  if (!form.subject.trim()) errors.subject = TEMPLATE_SUBJECT_REQUIRED;
  if (isBlankTemplateBody(form.template)) errors.template = TEMPLATE_BODY_REQUIRED;
  return errors;
}

function TemplateForm({ title, existing }: { title: string; existing: EmailTemplate | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const isAdmin = useIsAdmin();
  const customFields = useCustomFieldTags();
  const [form, setForm] = useState<FormState>({
    name: existing?.name ?? '',
    subject: existing?.subject ?? SAMPLE_TEMPLATE_SUBJECT,
    template: existing?.template ?? SAMPLE_TEMPLATE_BODY,
    systemKey: existing?.systemKey ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof FormState, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [addingField, setAddingField] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const errors = validate(form);
  const shown = (field: keyof FormState) => ((submitted || touched[field]) && errors[field]) || null;

  /** A field shows its error once changed (not on blur: a message appearing then moves the Save button under the pointer). */
  const set = (field: keyof FormState, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  };
  const onEditorReady = useCallback((editor: Editor | null) => {
    editorRef.current = editor;
  }, []);
  const onBodyChange = useCallback((html: string) => setForm((current) => ({ ...current, template: html })), []);
  const onBodyFocus = useCallback(() => {
    lastField.current = 'body';
  }, []);

  function insertIntoSubject(tag: string) {
    const input = subjectRef.current;
    const next = insertTagAt(form.subject, tag, input?.selectionStart ?? null, input?.selectionEnd ?? null);
    set('subject', next.value);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  }

  function insert(tag: string) {
    if (lastField.current === 'subject') insertIntoSubject(tag);
    else if (editorRef.current) insertTagInEditor(editorRef.current, tag);
  }

  async function save() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body = EmailTemplateWrite.parse({ ...form, systemKey: form.systemKey || null });
    setSaving(true);
    try {
      if (existing) await templatesApi.update(existing.id, body);
      else await templatesApi.create(body);
      await client.invalidateQueries({ queryKey: templateKeys.list });
      showSuccessToast(existing ? 'Template Edited' : 'Template Created');
      navigate(LIST);
    } catch {
      // the API client showed the server's message
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!existing) return;
    setDeleting(true);
    try {
      await templatesApi.remove(existing.id);
      await client.invalidateQueries({ queryKey: templateKeys.list });
      showSuccessToast('Template Deleted');
      navigate(LIST);
    } catch {
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  }

  const systemSpec = form.systemKey ? SYSTEM_TEMPLATE_KEYS[form.systemKey as SystemTemplateKey] : null;

  return (
    <Stack gap="md" component="section">
      <SettingsHeader title={title} backTo={LIST}>
        {existing && isAdmin ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        ) : null}
      </SettingsHeader>
      <AdminFormCard isAdmin={isAdmin} onSave={() => void save()}>
        <TagStrip
          chips={tagChips(customFields.data ?? [], form.systemKey || null)}
          onInsert={insert}
          onAddField={() => setAddingField(true)}
          disabled={!isAdmin}
        />
        <TextInput
          label="Template Name"
          required
          readOnly={!isAdmin}
          value={form.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={shown('name')}
          maxLength={120}
        />
        <TextInput
          ref={subjectRef}
          label="Subject"
          description="May contain tags, e.g. {{firstname}}"
          required
          readOnly={!isAdmin}
          value={form.subject}
          onChange={(event) => set('subject', event.currentTarget.value)}
          onFocus={() => {
            lastField.current = 'subject';
          }}
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(TAG_DRAG_TYPE)) event.preventDefault();
          }}
          onDrop={(event) => {
            const tag = event.dataTransfer.getData(TAG_DRAG_TYPE);
            if (!tag || !isAdmin) return;
            event.preventDefault();
            lastField.current = 'subject';
            insertIntoSubject(tag);
          }}
          error={shown('subject')}
          maxLength={255}
        />
        <Select
          label="Used for"
          description={
            systemSpec
              ? `This template replaces the platform's ${systemSpec.label.toLowerCase()} email. Its own tags: ${systemSpec.extraTags.map((t) => `{{${t}}}`).join(', ')}; the ${`{{${systemSpec.requiredTag}}}`} is added at the end if you leave it out.`
              : 'Choose a platform email to shape it with this template.'
          }
          data={USED_FOR_OPTIONS}
          value={form.systemKey}
          onChange={(value) => set('systemKey', value ?? '')}
          allowDeselect={false}
          readOnly={!isAdmin}
        />
        <TemplateBodyEditor
          initialHtml={form.template}
          editable={isAdmin}
          error={shown('template')}
          onChange={onBodyChange}
          onFocus={onBodyFocus}
          onReady={onEditorReady}
        />
        {isAdmin ? <FormActions cancelTo={LIST} pending={saving} /> : null}
        {submitted && Object.keys(errors).length > 0 ? (
          <Text c="red.9" size="sm" role="alert">
            Please fill in the required fields.
          </Text>
        ) : null}
      </AdminFormCard>
      {/* Saving the field refreshes the ['customFields'] queries, so its blue chip appears at once. */}
      <CustomFieldDialog
        opened={addingField}
        field={null}
        fields={customFields.data ?? []}
        onClose={() => setAddingField(false)}
      />
      <ConfirmDialog
        opened={confirming}
        title="Delete Template"
        message={`Are you sure you want to delete template ${existing?.name ?? ''}?`}
        confirmLabel="Delete"
        danger
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
