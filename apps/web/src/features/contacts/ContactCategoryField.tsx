import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useCreateTag, useTagRegistry } from './hooks';
import { tagNameError } from './tag-format';

interface Props {
  value: string | null;
  onChange: (categoryId: string | null) => void;
  disabled?: boolean;
}

/** The import's contact category (optional): one of the tenant's categories, or a new one created here. */
export function ContactCategoryField({ value, onChange, disabled }: Props) {
  const categories = useTagRegistry('category');
  const create = useCreateTag();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched ? tagNameError(name, 'category', categories.data) : null;

  async function save() {
    setTouched(true);
    if (tagNameError(name, 'category', categories.data)) return;
    try {
      const created = await create.mutateAsync({ name: name.trim(), type: 'category' });
      showSuccessToast(`Category '${created.name}' created.`);
      onChange(created.id);
      setAdding(false);
      setName('');
      setTouched(false);
    } catch {
      // the API client has toasted the server's message; the field stays open to fix the name
    }
  }

  if (adding) {
    return (
      <Stack gap={4}>
        <TextInput
          label="New category"
          placeholder="e.g. Spring open house"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void save();
            }
          }}
          error={error}
          maxLength={60}
          disabled={disabled}
          data-autofocus
        />
        <Group gap="xs">
          <Button size="xs" onClick={() => void save()} loading={create.isPending} disabled={disabled}>
            Save category
          </Button>
          <Button size="xs" variant="default" onClick={() => setAdding(false)} disabled={create.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        label="Category"
        description="Optional: file this import under a contact category."
        placeholder={categories.isLoading ? 'Loading…' : 'No category'}
        data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
        value={value}
        onChange={onChange}
        clearable
        searchable
        disabled={disabled}
        style={{ flex: 1 }}
      />
      <Button variant="light" onClick={() => setAdding(true)} disabled={disabled}>
        Create category
      </Button>
    </Group>
  );
}
