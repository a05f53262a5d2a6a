import {
  CUSTOM_FIELD_OPTION_KEYS,
  CUSTOM_FIELD_TAG_MAX,
  CUSTOM_FIELD_TOASTS,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  canBeMandatory,
  hasHelpText,
  hasOptions,
} from '@atrium/contracts';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog, saveAndClose } from '../../app/components/FormDialog';
import { showErrorToast } from '../../lib/notify';
import {
  type CustomFieldFormErrors,
  type CustomFieldFormField,
  type CustomFieldFormValues,
  customFieldFormErrors,
  emptyForm,
  formFromField,
  toFieldBody,
  withName,
  withTag,
} from './custom-field-form';
import { useSaveCustomField } from './hooks';

interface Props {
  opened: boolean;
  /** The field to edit; null adds one. */
  field: CustomField | null;
  /** The type a new field starts with (the list's filter when it names one). */
  initialType?: CustomFieldType;
  /** Every field of the tenant, for the tag-in-use check. */
  fields: readonly CustomField[];
  onClose: () => void;
}

const TYPE_DATA = CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: CUSTOM_FIELD_TYPE_LABELS[type] }));

/** Spec 2 §2 custom field dialog: about 400px wide (full screen on a phone); Submit disabled while invalid. */
export function CustomFieldDialog({ opened, field, initialType, fields, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveCustomField();
  const [values, setValues] = useState<CustomFieldFormValues>(() => emptyForm());
  const [touched, setTouched] = useState<Partial<Record<CustomFieldFormField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<CustomFieldFormErrors>({});

  useEffect(() => {
    if (!opened) return;
    setValues(field ? formFromField(field) : emptyForm(initialType));
    setTouched({});
    setServerErrors({});
  }, [opened, field, initialType]);

  const takenTags = useMemo(() => fields.filter((f) => f.guId !== field?.guId).map((f) => f.tag), [fields, field]);
  const errors = { ...customFieldFormErrors(values, takenTags), ...serverErrors };
  const invalid = Object.keys(errors).length > 0;
  const busy = save.isPending;

  const change = (next: CustomFieldFormValues, ...keys: CustomFieldFormField[]) => {
    setValues(next);
    setServerErrors((current) => {
      const copy = { ...current };
      for (const key of keys) delete copy[key];
      return copy;
    });
  };
  const touch = (key: CustomFieldFormField) => setTouched((current) => ({ ...current, [key]: true }));
  // A message shows once the user has been in the field, or as soon as it has text (an auto tag).
  const shown = (key: CustomFieldFormField, hasText: boolean) =>
    touched[key] || hasText || serverErrors[key] ? errors[key] : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (invalid || busy) return;
    await saveAndClose(() => save.mutateAsync({ guId: field?.guId ?? null, body: toFieldBody(values, field) }), {
      success: field ? CUSTOM_FIELD_TOASTS.updated : CUSTOM_FIELD_TOASTS.added,
      close: onClose,
      // a refused field of this form shows under it until it changes; any other refusal is a toast
      setFieldError: (name, message) => {
        const key = name as CustomFieldFormField;
        if (key in values) {
          setServerErrors({ [key]: message });
          touch(key);
        } else showErrorToast(message);
      },
    });
  }

  return (
    <FormDialog
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={field ? 'Edit Custom Field' : 'Add Custom Field'}
      size={400}
      fullScreen={phone}
      onSubmit={submit}
      pending={busy}
      submitLabel="Submit"
      submitDisabled={invalid}
    >
      <Select
        label="Select Type"
        data={TYPE_DATA}
        value={values.type}
        onChange={(type) => type && change({ ...values, type: type as CustomFieldType }, 'type')}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Name"
        required
        data-autofocus
        autoComplete="off"
        value={values.name}
        onChange={(event) => change(withName(values, event.currentTarget.value), 'name', 'tag')}
        onBlur={() => touch('name')}
        error={shown('name', false)}
      />
      <TextInput
        label="Tag"
        required
        autoComplete="off"
        description={`Lowercase letters and digits, at most ${CUSTOM_FIELD_TAG_MAX}`}
        value={values.tag}
        onChange={(event) => change(withTag(values, event.currentTarget.value), 'tag')}
        onBlur={() => touch('tag')}
        error={shown('tag', values.tag !== '')}
      />
      <TextInput
        label="Description"
        autoComplete="off"
        value={values.fieldName}
        onChange={(event) => change({ ...values, fieldName: event.currentTarget.value }, 'fieldName')}
        error={shown('fieldName', values.fieldName !== '')}
      />
      {hasHelpText(values.type) ? (
        <TextInput
          label="Help text"
          autoComplete="off"
          value={values.placeholder}
          onChange={(event) => change({ ...values, placeholder: event.currentTarget.value }, 'placeholder')}
          error={shown('placeholder', values.placeholder !== '')}
        />
      ) : null}
      {canBeMandatory(values.type) ? (
        <Checkbox
          label="Mandatory"
          checked={values.isMandatory}
          onChange={(event) => change({ ...values, isMandatory: event.currentTarget.checked }, 'isMandatory')}
          error={serverErrors.isMandatory}
        />
      ) : null}
      {hasOptions(values.type) ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, marginBottom: 4 }}>
            Options (at least one)
          </legend>
          <SimpleGrid cols={2} spacing="xs">
            {CUSTOM_FIELD_OPTION_KEYS.map((key, i) => (
              <TextInput
                key={key}
                label={`Option ${i + 1}`}
                autoComplete="off"
                value={values[key]}
                onChange={(event) => change({ ...values, [key]: event.currentTarget.value }, key)}
                onBlur={() => touch(key)}
                error={shown(key, values[key] !== '')}
              />
            ))}
          </SimpleGrid>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
