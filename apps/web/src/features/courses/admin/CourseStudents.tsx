import type { CourseDetail, CourseStudent, EnrolmentSource } from '@atrium/contracts';
import { ActionIcon, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconUserMinus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState } from '../../../app/components/list-kit';
import { formatDateTime } from '../../../lib/format';
import { showSuccessToast } from '../../../lib/notify';
import { ContactSearch } from '../../contacts/ContactSearch';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { courseKeys, coursesAdminApi } from './api';
import { StudentProgressDialog } from './StudentProgressDialog';

const LIST = { pageSizes: [25, 50, 100], defaultPageSize: 50 };
const wrap = { overflowWrap: 'anywhere' } as const;

export const SOURCE_LABELS: Record<EnrolmentSource, string> = {
  free: 'Free enrolment',
  demo: 'Demo',
  purchase: 'Bought',
  membership: 'Membership',
  staff: 'Enrolled by staff',
};

/** The course's students with their progress; staff enrol a contact or take one out. */
export function CourseStudents({ course, timeZone }: { course: CourseDetail; timeZone: string }) {
  const list = useListState(LIST);
  const { page, pageSize } = list.params;
  const start = (page - 1) * pageSize;
  const students = useQuery({
    queryKey: courseKeys.students(course.guId, start, pageSize),
    queryFn: () => coursesAdminApi.students(course.guId, start, pageSize),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: courseKeys.all });
  const [viewing, setViewing] = useState<CourseStudent | null>(null);
  const [removing, setRemoving] = useState<CourseStudent | null>(null);
  const enrol = useMutation({
    mutationFn: (contact: { id: string; label: string }) => coursesAdminApi.enrol(course.guId, contact.id),
    onSuccess: (student) => {
      showSuccessToast(`${student.name} is enrolled in ${course.name}.`);
      return refresh();
    },
  });
  const unenrol = useMutation({
    mutationFn: (student: CourseStudent) => coursesAdminApi.unenrol(course.guId, student.contactId),
    onSuccess: (_, student) => {
      showSuccessToast(`${student.name} is no longer enrolled in ${course.name}.`);
      setRemoving(null);
      return refresh();
    },
  });

  const columns: ListColumn<CourseStudent>[] = [
    {
      key: 'name',
      header: 'Student',
      cell: (s) => (
        <>
          <Text size="sm" fw={500} style={wrap}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed" style={wrap}>
            {s.email}
          </Text>
        </>
      ),
    },
    {
      key: 'enrolled',
      header: 'Enrolled',
      cell: (s) => (
        <>
          <Text size="sm">{formatDateTime(s.enrolledAt, timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {s.source === 'purchase' && s.refundedAt ? 'Bought, refunded: no access' : SOURCE_LABELS[s.source]}
          </Text>
        </>
      ),
    },
    {
      key: 'progress',
      header: 'Progress',
      cell: (s) => (
        <Stack gap={2} miw={140}>
          <Text size="sm">
            {s.progressPercent}% · {s.completedChapters} of {s.totalChapters} chapters
            {s.completedAt ? ' · Completed' : ''}
          </Text>
          <Progress value={s.progressPercent} size="sm" aria-label={`Progress of ${s.name}`} />
        </Stack>
      ),
    },
    {
      key: 'activity',
      header: 'Last activity',
      cell: (s) => (s.lastActivityAt ? formatDateTime(s.lastActivityAt, timeZone) : 'Not started'),
    },
  ];

  return (
    <ListScreen
      id="course-students"
      header={
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3" id="course-students-title">
            Students
          </Title>
          <div style={{ width: 'min(100%, 320px)' }}>
            <ContactSearch
              label="Enrol a contact"
              onPick={(contact) => enrol.mutate({ id: contact.id, label: contact.label })}
            />
          </div>
        </Group>
      }
      tableLabel="Students"
      list={list}
      query={students}
      rows={students.data?.data ?? []}
      total={students.data?.recordsTotal ?? 0}
      rowKey={(s) => s.contactId}
      columns={columns}
      rowActions={(s) => (
        <>
          <ActionIcon variant="subtle" aria-label={`Progress of ${s.name} by chapter`} onClick={() => setViewing(s)}>
            <IconChartBar size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${s.name}`} onClick={() => setRemoving(s)}>
            <IconUserMinus size={18} aria-hidden />
          </ActionIcon>
        </>
      )}
      noun="students"
      emptyHint="Students show here once they buy the course, enrol, or you enrol a contact above."
      minWidth={720}
    >
      <StudentProgressDialog student={viewing} course={course} timeZone={timeZone} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove student"
        message={
          <Text mb="lg" style={wrap}>
            Take {removing?.name} out of {course.name}? Their progress is deleted. Would you like to Proceed?
          </Text>
        }
        confirmLabel="Remove"
        danger
        busy={unenrol.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && unenrol.mutate(removing)}
      />
    </ListScreen>
  );
}
