import {
  type ClassRule,
  ClassRuleInput,
  dateInZone,
  EVENT_MESSAGES,
  type RuleKind,
  WEEKDAY_NAMES,
} from '@atrium/contracts';
import { Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { FormActions, showServerError } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { isPriced, NoCardPaymentsAlert } from '../payment-settings/NoCardPaymentsAlert';
import { useTenant } from '../session/session-store';
import { RoomTeacherSelects, WaitlistFields } from './ClassFields';
import { DateListInput } from './DateListInput';
import { useRooms, useSaveRule, useTeachers } from './hooks';

interface Props {
  opened: boolean;
  rule: ClassRule | null;
  onClose: () => void;
  /** A weekly class (the default) or an event: a workshop or program with a description and an address. */
  kind?: RuleKind;
}

interface Values {
  name: string;
  daysOfWeek: string[];
  startTime: string;
  durationMinutes: number | string;
  startDate: string;
  endDate: string;
  exceptionDates: string;
  capacity: number | string;
  roomId: string | null;
  teacherId: string | null;
  price: string;
  isOnline: boolean;
  description: string;
  address: string;
  isFeatured: boolean;
  waitlistEnabled: boolean;
  waitlistSize: number | string;
}

const numberOrUndefined = (value: number | string) => (value === '' ? undefined : Number(value));

/** The body the form sends: empty name and capacity take the account's defaults on the server. */
export function bodyOf(values: Values, kind: RuleKind = 'class'): ClassRuleInput {
  const price = values.price.trim();
  const event =
    kind === 'event'
      ? {
          kind,
          description: values.description.trim() || null,
          address: values.address.trim() || null,
          isFeatured: values.isFeatured,
        }
      : {};
  // A weekly class takes a waitlist when full (an event is registered for whole: it has none).
  const waitlist =
    kind === 'class'
      ? {
          waitlistEnabled: values.waitlistEnabled,
          waitlistSize: values.waitlistEnabled ? (numberOrUndefined(values.waitlistSize) ?? null) : null,
        }
      : {};
  return {
    ...event,
    ...waitlist,
    ...(values.name.trim() ? { name: values.name } : {}),
    daysOfWeek: values.daysOfWeek.map(Number),
    startTime: values.startTime,
    durationMinutes: numberOrUndefined(values.durationMinutes) as number,
    startDate: values.startDate,
    endDate: values.endDate || null,
    exceptionDates: values.exceptionDates
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean),
    ...(values.capacity === '' ? {} : { capacity: Number(values.capacity) }),
    roomId: values.roomId,
    teacherId: values.teacherId,
    priceMinor: price === '' ? null : Math.round(Number(price) * 100),
    isOnline: values.isOnline,
  };
}

function valuesOf(rule: ClassRule | null, today: string): Values {
  return {
    name: rule?.name ?? '',
    daysOfWeek: rule?.daysOfWeek.map(String) ?? [],
    startTime: rule?.startTime ?? '18:00',
    durationMinutes: rule?.durationMinutes ?? 60,
    startDate: rule?.startDate ?? today,
    endDate: rule?.endDate ?? '',
    exceptionDates: rule?.exceptionDates.join(', ') ?? '',
    capacity: rule?.capacity ?? '',
    roomId: rule?.roomId ?? null,
    teacherId: rule?.teacherId ?? null,
    price: rule?.priceMinor ? (rule.priceMinor / 100).toFixed(2) : '',
    isOnline: rule?.isOnline ?? false,
    description: rule?.description ?? '',
    address: rule?.address ?? '',
    isFeatured: rule?.isFeatured ?? false,
    waitlistEnabled: rule?.waitlistEnabled ?? true,
    waitlistSize: rule?.waitlistSize ?? '',
  };
}

/** Add a weekly class or an event, or change the whole series (its future sessions follow). */
export function ClassRuleDialog({ opened, rule, onClose, kind = 'class' }: Props) {
  const event = kind === 'event';
  const tenant = useTenant();
  const phone = useMediaQuery('(max-width: 600px)');
  const save = useSaveRule();
  const rooms = useRooms();
  const teachers = useTeachers(opened);
  const today = dateInZone(new Date(), tenant.timezone);
  const form = useForm<Values>({
    initialValues: valuesOf(null, today),
    validate: (values) => {
      const price = values.price.trim();
      const errors: Record<string, string> = {};
      if (price !== '' && !/^\d+(\.\d{1,2})?$/.test(price)) errors.price = 'Enter a price such as 15 or 15.00.';
      const parsed = ClassRuleInput.safeParse(bodyOf(values, kind));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[fieldOf(String(issue.path[0]))] ??= issue.message;
      }
      if (event) {
        if (!values.name.trim()) errors.name = 'Event name is required';
        if (!values.endDate) errors.endDate ??= EVENT_MESSAGES.endDateRequired;
        if (tenant.isAddressNeededForEvent && !values.isOnline && !values.address.trim())
          errors.address = EVENT_MESSAGES.addressRequired;
      }
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a rule
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(rule, today));
    form.clearErrors();
  }, [opened, rule]);

  const noun = event ? 'Event' : 'Class';
  const title = rule ? `Edit ${noun}` : `Add ${noun}`;
  const roomOptions = (rooms.data?.data ?? []).map((r) => ({ value: r.guId, label: `${r.name} (${r.capacity})` }));
  const teacherOptions = (teachers.data?.data ?? []).map((t) => ({ value: t.guId, label: t.name }));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={640}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        aria-label={title}
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await save.mutateAsync({ guId: rule?.guId ?? null, body: bodyOf(values, kind) });
            showSuccessToast(rule ? `${noun} saved: its future sessions follow.` : `${noun} added.`);
            onClose();
          } catch (error) {
            showServerError(error, (field, message) => form.setFieldError(fieldOf(field), message));
          }
        })}
      >
        <Stack gap="sm">
          {event ? (
            <TextInput label="Event name" required maxLength={120} {...form.getInputProps('name')} />
          ) : (
            <TextInput
              label="Class name"
              description="Optional: left empty, it is called “Class”"
              maxLength={120}
              {...form.getInputProps('name')}
            />
          )}
          {event && (
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={10}
              maxLength={5000}
              {...form.getInputProps('description')}
            />
          )}
          <Checkbox.Group
            label="Days of the week"
            description={
              event ? 'The days it meets from start to end; a one-day event: that day, ending the same day' : undefined
            }
            required
            {...form.getInputProps('daysOfWeek')}
          >
            <Group gap="sm" mt={4}>
              {WEEKDAY_NAMES.map((day, index) => (
                <Checkbox key={day} value={String(index)} label={day.slice(0, 3)} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Start time" type="time" required {...form.getInputProps('startTime')} />
            <NumberInput
              label="Duration (minutes)"
              required
              min={5}
              max={720}
              allowDecimal={false}
              {...form.getInputProps('durationMinutes')}
            />
            <TextInput label="Start date" type="date" required {...form.getInputProps('startDate')} />
            <TextInput label="End date" type="date" required={event} {...form.getInputProps('endDate')} />
            <NumberInput
              label="Max attendees"
              description="Empty: the account's default"
              min={1}
              max={1000}
              allowDecimal={false}
              {...form.getInputProps('capacity')}
            />
            <TextInput
              label={`${event ? 'Price for the whole event' : 'Drop-in price'} (${tenant.csymbol || '$'})`}
              description="Empty: free"
              inputMode="decimal"
              {...form.getInputProps('price')}
            />
            <RoomTeacherSelects
              rooms={roomOptions}
              teachers={teacherOptions}
              room={form.getInputProps('roomId')}
              teacher={form.getInputProps('teacherId')}
            />
          </SimpleGrid>
          <NoCardPaymentsAlert paymentProvider={tenant.paymentProvider} priced={isPriced(form.values.price)} />
          {event ? null : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <WaitlistFields
                description="Off: a full class answers 'This class is full.'"
                enabled={form.getInputProps('waitlistEnabled', { type: 'checkbox' })}
                size={form.getInputProps('waitlistSize')}
                on={form.values.waitlistEnabled}
              />
            </SimpleGrid>
          )}
          {event && (
            <TextInput
              label="Address"
              required={tenant.isAddressNeededForEvent}
              maxLength={500}
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
          )}
          {event && (
            <Checkbox
              label="Featured"
              description="Shown in the website's featured events"
              {...form.getInputProps('isFeatured', { type: 'checkbox' })}
            />
          )}
          <Checkbox
            label={event ? 'Online event (Zoom)' : 'Online class (Zoom)'}
            description="A Zoom meeting is made through the studio's Zoom connection; people booked get its link."
            {...form.getInputProps('isOnline', { type: 'checkbox' })}
          />
          <DateListInput
            label={event ? 'Skip these dates' : 'No class on'}
            description={event ? 'Days the event does not take place' : 'Days with no class, such as holidays'}
            value={form.values.exceptionDates}
            onChange={(value) => form.setFieldValue('exceptionDates', value)}
            error={form.errors.exceptionDates}
          />
          <FormActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A field the server or the schema names, as the form holds it. */
function fieldOf(field: string): string {
  const top = field.split('.')[0] ?? field;
  return top === 'priceMinor' ? 'price' : top;
}
