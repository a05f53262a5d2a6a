import { type Roster, SessionEditInput, wallTimeInZone } from '@atrium/contracts';
import { NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormActions, schemaErrors } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast, showWarningToast } from '../../lib/notify';
import { RoomTeacherSelects, WaitlistFields } from './ClassFields';
import { useEditSession, useRooms, useTeachers } from './hooks';
import { movedMessages } from './session-format';

interface Values {
  date: string;
  startTime: string;
  durationMinutes: number | string;
  capacity: number | string;
  roomId: string | null;
  teacherId: string | null;
  waitlistEnabled: boolean;
  waitlistSize: number | string;
}

function valuesOf(roster: Roster, timeZone: string): Values {
  const { session } = roster;
  const [date = '', startTime = ''] = wallTimeInZone(new Date(session.startsAt), timeZone).split('T');
  return {
    date,
    startTime,
    durationMinutes: Math.round((Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 60_000),
    capacity: session.capacity,
    roomId: roster.roomId,
    teacherId: roster.teacherId,
    waitlistEnabled: roster.waitlistEnabled,
    waitlistSize: roster.waitlistSize ?? '',
  };
}

/** Only what changed is sent: a session edited on its own keeps the rest. */
function changesOf(values: Values, initial: Values): SessionEditInput {
  const body: Record<string, unknown> = {};
  if (values.date !== initial.date) body.date = values.date;
  if (values.startTime !== initial.startTime) body.startTime = values.startTime;
  if (Number(values.durationMinutes) !== Number(initial.durationMinutes))
    body.durationMinutes = Number(values.durationMinutes);
  if (Number(values.capacity) !== Number(initial.capacity)) body.capacity = Number(values.capacity);
  if (values.roomId !== initial.roomId) body.roomId = values.roomId;
  if (values.teacherId !== initial.teacherId) body.teacherId = values.teacherId;
  if (values.waitlistEnabled !== initial.waitlistEnabled) body.waitlistEnabled = values.waitlistEnabled;
  const size = values.waitlistSize === '' ? null : Number(values.waitlistSize);
  if (size !== (initial.waitlistSize === '' ? null : Number(initial.waitlistSize))) body.waitlistSize = size;
  return body as SessionEditInput;
}

/**
 * "Change this class": this session only (its series stays as it is). The keyboard way to do
 * what a drag on the calendar does, and more: duration, places, room, teacher, its waitlist.
 */
export function SessionEditForm({
  roster,
  timeZone,
  onDone,
}: {
  roster: Roster;
  timeZone: string;
  onDone: () => void;
}) {
  const edit = useEditSession();
  const rooms = useRooms();
  const teachers = useTeachers();
  const initial = valuesOf(roster, timeZone);
  const form = useForm<Values>({
    initialValues: initial,
    validate: (values) => schemaErrors(SessionEditInput, changesOf(values, initial)),
  });
  const roomOptions = (rooms.data?.data ?? []).map((r) => ({ value: r.guId, label: `${r.name} (${r.capacity})` }));
  const teacherOptions = (teachers.data?.data ?? []).map((t) => ({ value: t.guId, label: t.name }));
  return (
    <form
      aria-label="Change this class"
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          const edited = await edit.mutateAsync({ sessionId: roster.session.guId, body: changesOf(values, initial) });
          const { done, warnings } = movedMessages(edited, timeZone);
          showSuccessToast(done);
          for (const warning of warnings) showWarningToast(warning);
          onDone();
        } catch (error) {
          if (isApiError(error) && error.field)
            form.setFieldError(error.field.split('.').pop() ?? 'date', error.message);
          else showErrorToast(isApiError(error) ? error.message : 'The class could not be changed. Please try again.');
        }
      })}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Change this class
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
          <TextInput label="Start time" type="time" required {...form.getInputProps('startTime')} />
          <NumberInput
            label="Duration (minutes)"
            min={5}
            max={720}
            allowDecimal={false}
            {...form.getInputProps('durationMinutes')}
          />
          <NumberInput
            label="Max attendees"
            min={1}
            max={1000}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
          />
          <RoomTeacherSelects
            rooms={roomOptions}
            teachers={teacherOptions}
            room={form.getInputProps('roomId')}
            teacher={form.getInputProps('teacherId')}
          />
          <WaitlistFields
            description="Off: this class answers 'This class is full.'"
            enabled={form.getInputProps('waitlistEnabled', { type: 'checkbox' })}
            size={form.getInputProps('waitlistSize')}
            on={form.values.waitlistEnabled}
          />
        </SimpleGrid>
        <FormActions onCancel={onDone} pending={edit.isPending} submitLabel="Save this class" />
      </Stack>
    </form>
  );
}
