import { ActionIcon, Group, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { pageNameError } from './website-rules';

interface Props {
  title: string;
  busy?: boolean;
  onSave: (title: string) => void;
}

/** The page title with an edit pencil; the inline 'Page Name' field confirms on Enter or tick (spec 3 §2.1). */
export function PageTitleEditor({ title, busy = false, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const error = pageNameError(value);

  const confirm = () => {
    if (error) return;
    setEditing(false);
    if (value.trim() !== title) onSave(value.trim());
  };
  const cancel = () => {
    setValue(title);
    setEditing(false);
  };

  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        <ActionIcon
          variant="subtle"
          aria-label="Edit page name"
          loading={busy}
          onClick={() => {
            setValue(title);
            setEditing(true);
          }}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      <TextInput
        label="Page Name"
        value={value}
        ref={(element) => element?.focus()}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            confirm();
          } else if (event.key === 'Escape') cancel();
        }}
        error={error}
      />
      <ActionIcon mt={26} variant="light" color="teal" aria-label="Save page name" onClick={confirm} disabled={!!error}>
        <IconCheck size={18} />
      </ActionIcon>
      <ActionIcon mt={26} variant="light" color="gray" aria-label="Cancel page name" onClick={cancel}>
        <IconX size={18} />
      </ActionIcon>
    </Group>
  );
}
