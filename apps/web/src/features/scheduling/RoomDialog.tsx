import { type Room, RoomInput } from '@atrium/contracts';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useSaveRoom } from './hooks';

interface Props {
  opened: boolean;
  room: Room | null;
  onClose: () => void;
}

interface Values {
  name: string;
  capacity: number | string;
}

/** Add or rename a room and set how many it holds. */
export function RoomDialog({ opened, room, onClose }: Props) {
  const save = useSaveRoom();
  const form = useForm<Values>({
    initialValues: { name: '', capacity: 20 },
    validate: (values) => {
      const parsed = RoomInput.safeParse(bodyOf(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a room
  useEffect(() => {
    if (opened) form.setValues({ name: room?.name ?? '', capacity: room?.capacity ?? 20 });
    if (opened) form.clearErrors();
  }, [opened, room]);

  const title = room ? 'Edit Room' : 'Add Room';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        aria-label={title}
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await save.mutateAsync({ guId: room?.guId ?? null, body: bodyOf(values) });
            showSuccessToast(room ? 'Room saved.' : 'Room added.');
            onClose();
          } catch (error) {
            if (isApiError(error) && error.field) form.setFieldError(error.field, error.message);
            else showErrorToast(error instanceof Error ? error.message : String(error));
          }
        })}
      >
        <Stack gap="sm">
          <TextInput label="Room name" required maxLength={100} {...form.getInputProps('name')} />
          <NumberInput
            label="Capacity"
            required
            min={1}
            max={1000}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function bodyOf(values: Values): RoomInput {
  return {
    name: values.name,
    capacity: values.capacity === '' ? (undefined as unknown as number) : Number(values.capacity),
  };
}
