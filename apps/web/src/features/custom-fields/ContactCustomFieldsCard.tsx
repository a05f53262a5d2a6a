import type { ContactCustomFieldValue } from '@atrium/contracts';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useIsAdmin } from '../settings/SettingsHeader';
import { contactValueError, optionsOf } from './custom-field-form';
import { useContactCustomValues, useSaveContactCustomValues } from './hooks';

/** How a stored value reads on the card. */
export function displayValue(field: ContactCustomFieldValue): string {
  if (field.type === 'checkbox') return field.value === 'true' ? 'Yes' : 'No';
  return field.value || '—';
}

/** The contact detail's "Custom Fields" card: the values, and an edit mode with the input each type needs. */
export function ContactCustomFieldsCard({ contactId }: { contactId: string }) {
  const values = useContactCustomValues(contactId);
  const save = useSaveContactCustomValues(contactId);
  const isAdmin = useIsAdmin();
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [serverError, setServerError] = useState<{ tag: string; message: string } | null>(null);
  const fields = values.data ?? [];

  const start = () => {
    setDraft(Object.fromEntries(fields.map((field) => [field.guId, field.value])));
    setServerError(null);
  };
  const errorOf = (field: ContactCustomFieldValue) =>
    draft ? contactValueError(field, draft[field.guId] ?? '') : null;
  const invalid = draft !== null && fields.some((field) => errorOf(field) !== null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!draft || invalid) return;
    const body = fields
      .filter((field) => field.type !== 'header')
      .map((field) => ({ guId: field.guId, value: draft[field.guId] ?? '' }));
    try {
      await save.mutateAsync(body);
      showSuccessToast('Custom fields saved.');
      setDraft(null);
    } catch (error) {
      const tag = isApiError(error) ? error.field : undefined;
      if (isApiError(error) && tag && fields.some((field) => field.tag === tag)) {
        setServerError({ tag, message: error.message });
      } else {
        showErrorToast(error instanceof Error ? error.message : String(error));
      }
    }
  }

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-custom-fields-title">
      <Group justify="space-between">
        <Title order={2} fz="h4" id="contact-custom-fields-title">
          Custom Fields
        </Title>
        {draft === null && fields.length > 0 ? (
          <Button variant="light" size="xs" onClick={start} aria-label="Edit custom fields">
            Edit
          </Button>
        ) : null}
      </Group>
      {values.isPending ? (
        <Loader size="sm" aria-label="Loading custom fields" />
      ) : values.isError ? (
        <Text c="red.9" size="sm">
          The custom fields could not be loaded.
        </Text>
      ) : fields.length === 0 ? (
        <Text c="dimmed" size="sm" mt="xs">
          No custom fields yet.{' '}
          {isAdmin ? (
            <Anchor component={Link} to="/settings/customfield" underline="always">
              Add them in Settings
            </Anchor>
          ) : null}
        </Text>
      ) : draft === null ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm" spacing="sm" component="dl" style={{ margin: 0 }}>
          {fields.map((field) =>
            field.type === 'header' ? (
              <Text key={field.guId} fw={600} size="sm" style={{ gridColumn: '1 / -1' }} component="h3" m={0}>
                {field.name}
              </Text>
            ) : (
              <div key={field.guId}>
                <Text size="xs" c="dimmed" component="dt">
                  {field.name}
                </Text>
                <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                  {displayValue(field)}
                </Text>
              </div>
            ),
          )}
        </SimpleGrid>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Edit custom fields">
          <Stack gap="sm" mt="sm">
            {fields.map((field) => (
              <ValueInput
                key={field.guId}
                field={field}
                value={draft[field.guId] ?? ''}
                error={serverError?.tag === field.tag ? serverError.message : (errorOf(field) ?? undefined)}
                onChange={(value) => {
                  setDraft((current) => ({ ...(current ?? {}), [field.guId]: value }));
                  if (serverError?.tag === field.tag) setServerError(null);
                }}
              />
            ))}
            <FormActions
              onCancel={() => setDraft(null)}
              cancelDisabled={save.isPending}
              pending={save.isPending}
              submitDisabled={invalid}
            />
          </Stack>
        </form>
      )}
    </Card>
  );
}

interface InputProps {
  field: ContactCustomFieldValue;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

function ValueInput({ field, value, error, onChange }: InputProps) {
  const common = {
    label: field.name,
    description: field.fieldName || undefined,
    required: field.isMandatory,
    error,
  };
  switch (field.type) {
    case 'header':
      return (
        <Text fw={600} size="sm" component="h3" m={0} mt="xs">
          {field.name}
        </Text>
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          placeholder={field.placeholder || undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={2}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={value || null} onChange={onChange}>
          <Group gap="md" mt={4}>
            {optionsOf(field).map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'dropdown':
      return (
        <Select
          {...common}
          placeholder={field.placeholder || 'Choose'}
          data={optionsOf(field)}
          value={value || null}
          onChange={(next) => onChange(next ?? '')}
          clearable
        />
      );
    default:
      return (
        <TextInput
          {...common}
          placeholder={field.placeholder || undefined}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
