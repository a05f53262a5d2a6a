import { type Room, RoomInput } from '@atrium/contracts';
import { NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { FormDialog, saveAndClose, schemaErrors } from '../../app/components/FormDialog';
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
    validate: (values) => schemaErrors(RoomInput, bodyOf(values)),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a room
  useEffect(() => {
    if (opened) form.setValues({ name: room?.name ?? '', capacity: room?.capacity ?? 20 });
    if (opened) form.clearErrors();
  }, [opened, room]);

  const title = room ? 'Edit Room' : 'Add Room';
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      pending={save.isPending}
      onSubmit={form.onSubmit((values) =>
        saveAndClose(() => save.mutateAsync({ guId: room?.guId ?? null, body: bodyOf(values) }), {
          success: room ? 'Room saved.' : 'Room added.',
          close: onClose,
          setFieldError: form.setFieldError,
        }),
      )}
    >
      <TextInput label="Room name" required maxLength={100} {...form.getInputProps('name')} />
      <NumberInput
        label="Capacity"
        required
        min={1}
        max={1000}
        allowDecimal={false}
        {...form.getInputProps('capacity')}
      />
    </FormDialog>
  );
}

function bodyOf(values: Values): RoomInput {
  return {
    name: values.name,
    capacity: values.capacity === '' ? (undefined as unknown as number) : Number(values.capacity),
  };
}
