import type { WebPage } from '@atrium/contracts';
import { ActionIcon, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useUpdatePage } from './hooks';
import { pageHeaderSavedMessage } from './website-rules';

/**
 * Spec 3 §2.5 "Standard page header/subheader block": a signed-in user (not in preview) edits the
 * hero text and description inline; Enter or the tick saves, the cross cancels.
 */
export function PageHeaderBlock({ page }: { page: WebPage }) {
  const update = useUpdatePage();
  const [draft, setDraft] = useState<{ header: string; subHeader: string } | null>(null);

  const save = () => {
    if (!draft) return;
    update.mutate(
      { id: page.id, body: draft },
      {
        onSuccess: () => {
          showSuccessToast(pageHeaderSavedMessage(page));
          setDraft(null);
        },
      },
    );
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') save();
    if (event.key === 'Escape') setDraft(null);
  };

  if (!draft) {
    return (
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} size="h3" c={page.header ? undefined : 'dimmed'}>
            {page.header || 'Hero text here'}
          </Title>
          <Text c="dimmed">{page.subHeader || 'Add Description'}</Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          aria-label="Edit page header"
          onClick={() => setDraft({ header: page.header, subHeader: page.subHeader })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label="Header"
        placeholder="Hero text here"
        value={draft.header}
        onChange={(event) => setDraft({ ...draft, header: event.currentTarget.value })}
        onKeyDown={onKeyDown}
        maxLength={300}
        style={{ flex: '1 1 220px' }}
        data-autofocus
      />
      <TextInput
        label="Description"
        placeholder="Add Description"
        value={draft.subHeader}
        onChange={(event) => setDraft({ ...draft, subHeader: event.currentTarget.value })}
        onKeyDown={onKeyDown}
        maxLength={500}
        style={{ flex: '2 1 280px' }}
      />
      <Group gap={4}>
        <ActionIcon
          color="teal"
          variant="light"
          size="lg"
          aria-label="Save page header"
          onClick={save}
          loading={update.isPending}
        >
          <IconCheck size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon color="gray" variant="light" size="lg" aria-label="Cancel" onClick={() => setDraft(null)}>
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
