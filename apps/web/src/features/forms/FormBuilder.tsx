import {
  type CustomForm,
  type CustomFormInput,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_TYPE_LABELS,
  FORM_TYPES,
  type FormField,
  type FormFieldType,
  type FormType,
  formFieldHasOptions,
  formFieldHasPlaceholder,
} from '@atrium/contracts';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useFormCourses, useSaveForm } from './api';
import { FormPreview } from './FormPreview';
import { RichTextField } from './RichTextField';

const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;
type Field = Omit<FormField, 'guId' | 'sequence'> & { guId?: string; key: string };
type RichText = { description: string };
type Draft = Omit<
  Required<CustomFormInput>,
  'customFields' | 'beforeForm' | 'subHeader' | 'afterForm' | 'customFormName'
> & {
  customFormName: string;
  beforeForm: RichText;
  subHeader: RichText;
  afterForm: RichText;
  customFields: Field[];
};

let keys = 0;
const newKey = () => `k${++keys}`;

function emptyField(type: FormFieldType = 'text'): Field {
  return {
    key: newKey(),
    name: '',
    type,
    isMandatory: false,
    placeholder: '',
    fieldName: '',
    phonenumber: false,
    option1: '',
    option2: '',
    option3: '',
    option4: '',
    option5: '',
    option6: '',
  };
}

export function draftOf(form: CustomForm | null): Draft {
  return {
    name: form?.name ?? '',
    formType: form?.formType ?? 'CUSTOM',
    customFormName: form?.customFormName ?? '',
    isName: form?.isName ?? true,
    isEmail: form?.isEmail ?? true,
    isPhone: form?.isPhone ?? true,
    isShowEmergencyContact: form?.isShowEmergencyContact ?? false,
    isShowBirthdate: form?.isShowBirthdate ?? false,
    isShowGuardian: form?.isShowGuardian ?? false,
    isSignRequired: form?.isSignRequired ?? false,
    isPublished: form?.isPublished ?? false,
    beforeForm: { description: form?.beforeForm.description ?? '' },
    subHeader: { description: form?.subHeader.description ?? '' },
    afterForm: { description: form?.afterForm.description ?? '' },
    courseGuId: form?.course?.guId ?? null,
    customFields: (form?.customFields ?? []).map(({ sequence: _s, ...f }) => ({ ...f, key: newKey() })),
  };
}

function toInput(draft: Draft): CustomFormInput {
  return {
    ...draft,
    customFields: draft.customFields.map(({ key: _key, ...field }) => field),
  };
}

/** The builder (/customforms): the form's settings, blocks, texts and fields in order. */
export function FormBuilder({ form, onClose }: { form: CustomForm | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const save = useSaveForm();
  const tenant = useTenant();
  const courses = useFormCourses(tenant.isShowCourses);
  const courseOptions = (courses.data ?? []).map((c) => ({
    value: c.guId,
    label: `${c.name} (${c.pricing === 'free' ? 'free' : 'demo'})`,
  }));
  // A course linked before that is no longer in the list (unpublished, no demo now) stays choosable.
  if (form?.course && !courseOptions.some((o) => o.value === form.course?.guId)) {
    courseOptions.push({ value: form.course.guId, label: `${form.course.name} (not offered now)` });
  }
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setField = (index: number, patch: Partial<Field>) =>
    setDraft((d) => ({ ...d, customFields: d.customFields.map((f, i) => (i === index ? { ...f, ...patch } : f)) }));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= draft.customFields.length || from === to) return;
    setDraft((d) => {
      const list = [...d.customFields];
      const [item] = list.splice(from, 1);
      if (item) list.splice(to, 0, item);
      return { ...d, customFields: list };
    });
    setStatus(`${draft.customFields[from]?.name || 'Field'} moved to position ${to + 1}`);
  };

  const submit = async () => {
    try {
      await save.mutateAsync({ guId: form?.guId ?? null, body: toInput(draft) });
      showSuccessToast(form ? 'Updated successfully.' : 'Form added successfully');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.field) setErrors({ [error.field]: error.message });
        showErrorToast(error.message);
      }
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{form ? `Edit ${form.name}` : 'Add Form'}</Title>
        <Group>
          <Button variant="default" onClick={() => setPreview(true)}>
            Preview Form
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Form Name"
          required
          value={draft.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <Select
          label="Form Type"
          data={FORM_TYPES.map((t) => ({ value: t, label: FORM_TYPE_LABELS[t] }))}
          value={draft.formType}
          allowDeselect={false}
          onChange={(v) => v && set('formType', v as FormType)}
        />
      </SimpleGrid>
      <Switch
        label="Published"
        checked={draft.isPublished}
        onChange={(e) => set('isPublished', e.currentTarget.checked)}
      />
      {tenant.isShowCourses ? (
        <Select
          label="Course"
          placeholder="No course"
          description="A registration enrols in this course: a free course at once, a paid course's demo when the link ends in ?isDemo=true. Otherwise the person goes to the course page to buy it."
          data={courseOptions}
          value={draft.courseGuId}
          onChange={(v) => set('courseGuId', v)}
          error={errors.courseGuId}
          clearable
          searchable
          nothingFoundMessage="No published course is free or has demo chapters"
        />
      ) : null}
      <Card withBorder>
        <Text fw={600} mb="xs">
          Blocks
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Checkbox label="Name" checked={draft.isName} onChange={(e) => set('isName', e.currentTarget.checked)} />
          <Checkbox label="Email" checked={draft.isEmail} onChange={(e) => set('isEmail', e.currentTarget.checked)} />
          <Checkbox label="Phone" checked={draft.isPhone} onChange={(e) => set('isPhone', e.currentTarget.checked)} />
          <Checkbox
            label="Emergency contact"
            checked={draft.isShowEmergencyContact}
            onChange={(e) => set('isShowEmergencyContact', e.currentTarget.checked)}
          />
          <Checkbox
            label="Birth date"
            checked={draft.isShowBirthdate}
            onChange={(e) => set('isShowBirthdate', e.currentTarget.checked)}
          />
          <Checkbox
            label="Guardians"
            checked={draft.isShowGuardian}
            onChange={(e) => set('isShowGuardian', e.currentTarget.checked)}
          />
          <Checkbox
            label="Signature required"
            checked={draft.isSignRequired}
            onChange={(e) => set('isSignRequired', e.currentTarget.checked)}
          />
        </SimpleGrid>
      </Card>
      <RichTextField
        label="Before form text"
        value={draft.beforeForm.description}
        onChange={(v) => set('beforeForm', { description: v })}
      />
      <RichTextField
        label="Sub header"
        value={draft.subHeader.description}
        onChange={(v) => set('subHeader', { description: v })}
      />
      <Title order={3} size="h4">
        Fields
      </Title>
      <VisuallyHidden aria-live="polite">{status}</VisuallyHidden>
      <Stack gap="sm">
        {draft.customFields.map((field, index) => {
          const label = field.name || `Field ${index + 1}`;
          return (
            <Card
              key={field.key}
              withBorder
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragging !== null) move(dragging, index);
                setDragging(null);
              }}
              data-testid="form-field"
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={4}>
                    <IconGripVertical size={16} aria-hidden />
                    <Text fw={500}>{index + 1}.</Text>
                  </Group>
                  <Group gap={4}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${label} down`}
                      disabled={index === draft.customFields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${label}`}
                      onClick={() =>
                        set(
                          'customFields',
                          draft.customFields.filter((_, i) => i !== index),
                        )
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Field Name"
                    required
                    value={field.name}
                    error={errors[`customFields.${index}.name`]}
                    onChange={(e) => setField(index, { name: e.currentTarget.value })}
                  />
                  <Select
                    label="Field Type"
                    data={FORM_FIELD_TYPES.map((t) => ({ value: t, label: FORM_FIELD_TYPE_LABELS[t] }))}
                    value={field.type}
                    allowDeselect={false}
                    onChange={(v) => v && setField(index, { type: v as FormFieldType })}
                  />
                  {formFieldHasPlaceholder(field.type) ? (
                    <TextInput
                      label="Placeholder"
                      value={field.placeholder}
                      onChange={(e) => setField(index, { placeholder: e.currentTarget.value })}
                    />
                  ) : null}
                  <TextInput
                    label="Helper text"
                    value={field.fieldName}
                    onChange={(e) => setField(index, { fieldName: e.currentTarget.value })}
                  />
                </SimpleGrid>
                {formFieldHasOptions(field.type) ? (
                  <SimpleGrid cols={{ base: 2, sm: 3 }}>
                    {OPTION_KEYS.map((key, i) => (
                      <TextInput
                        key={key}
                        label={`Option ${i + 1}`}
                        value={field[key]}
                        error={errors[`customFields.${index}.${key}`]}
                        onChange={(e) => setField(index, { [key]: e.currentTarget.value })}
                      />
                    ))}
                  </SimpleGrid>
                ) : null}
                <Group>
                  {field.type !== 'header' ? (
                    <Checkbox
                      label="Mandatory"
                      checked={field.isMandatory}
                      onChange={(e) => setField(index, { isMandatory: e.currentTarget.checked })}
                    />
                  ) : null}
                  {field.type === 'text' || field.type === 'number' ? (
                    <Checkbox
                      label="Phone number"
                      checked={field.phonenumber}
                      onChange={(e) => setField(index, { phonenumber: e.currentTarget.checked })}
                    />
                  ) : null}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => set('customFields', [...draft.customFields, emptyField()])}
        >
          Add Field
        </Button>
      </Group>
      <RichTextField
        label="After form text"
        value={draft.afterForm.description}
        onChange={(v) => set('afterForm', { description: v })}
      />
      <Modal
        opened={preview}
        onClose={() => setPreview(false)}
        title="Preview"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close preview' }}
      >
        <FormPreview draft={toInput(draft)} />
      </Modal>
    </Stack>
  );
}
