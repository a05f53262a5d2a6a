import { COURSE_MESSAGES, type CourseDetail } from '@atrium/contracts';
import { Text } from '@mantine/core';
import { CreateByNameDialog } from '../../../app/components/CreateByNameDialog';
import { coursesAdminApi } from './api';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (course: CourseDetail) => void;
}

/** A new course: its name makes a draft; price, teacher, sections and chapters follow in the editor. */
export function CourseCreateDialog({ opened, onClose, onCreated }: Props) {
  return (
    <CreateByNameDialog
      opened={opened}
      onClose={onClose}
      title="Add Course"
      label="Course name"
      maxLength={120}
      nameRequired={COURSE_MESSAGES.nameRequired}
      create={(name) => coursesAdminApi.create({ name })}
      success={(name) => `${name} is added successfully.`}
      onCreated={onCreated}
    >
      <Text size="sm" c="dimmed">
        The course starts as a draft. You add its price, teacher, sections and chapters next, and publish it when it is
        ready.
      </Text>
    </CreateByNameDialog>
  );
}
