import { NumberInput, Select, Switch } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

type Options = { value: string; label: string }[];

/** A class's Room and Teacher, each optional (the rule's dialog and one session's edit). */
export function RoomTeacherSelects(props: {
  rooms: Options;
  teachers: Options;
  room: GetInputPropsReturnType;
  teacher: GetInputPropsReturnType;
}) {
  return (
    <>
      <Select label="Room" data={props.rooms} clearable placeholder="No room" {...props.room} />
      <Select label="Teacher" data={props.teachers} clearable placeholder="No teacher" {...props.teacher} />
    </>
  );
}

/** "Waitlist when full" and its size (off while the waitlist is); `description` says what a full class answers. */
export function WaitlistFields(props: {
  description: string;
  enabled: GetInputPropsReturnType;
  size: GetInputPropsReturnType;
  on: boolean;
}) {
  return (
    <>
      <Switch label="Waitlist when full" description={props.description} mt={4} {...props.enabled} />
      <NumberInput
        label="Waitlist size"
        description="Empty: no limit"
        min={1}
        max={1000}
        allowDecimal={false}
        disabled={!props.on}
        {...props.size}
      />
    </>
  );
}
