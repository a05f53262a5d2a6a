import { Button, Card, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { YesNoDeleteDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { useAddNote, useContactNotes, useRemoveNote } from './hooks';

/** A contact's notes: add, list (newest first), delete. */
export function ContactNotes({ guId }: { guId: string }) {
  const tenant = useTenant();
  const notes = useContactNotes(guId);
  const add = useAddNote(guId);
  const remove = useRemoveNote(guId);
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    const saved = await add.mutateAsync(text.trim()).catch(() => null);
    if (saved) setText('');
  }

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-notes-title">
      <Title order={2} fz="h4" id="contact-notes-title">
        Notes
      </Title>
      <form onSubmit={submit}>
        <Textarea
          label="New note"
          placeholder="Add a note"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={5000}
          mt="sm"
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" disabled={!text.trim()} loading={add.isPending}>
            Add Note
          </Button>
        </Group>
      </form>
      {notes.isPending ? (
        <Loader size="sm" aria-label="Loading notes" />
      ) : (notes.data ?? []).length === 0 ? (
        <Text c="dimmed" size="sm">
          No notes yet.
        </Text>
      ) : (
        <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0 }} aria-label="Notes">
          {(notes.data ?? []).map((note) => (
            <li key={note.id}>
              <Card withBorder padding="xs" radius="sm">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.note}
                </Text>
                <Group justify="space-between" mt={4}>
                  <Text size="xs" c="dimmed">
                    {[note.authorName, formatDateTime(note.createdAt, tenant.timezone)].filter(Boolean).join(' · ')}
                  </Text>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(note.id)}>
                    Delete
                  </Button>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <YesNoDeleteDialog
        item={deleting}
        title="Delete Note"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onDelete={(item) => remove.mutateAsync(item)}
      />
    </Card>
  );
}
