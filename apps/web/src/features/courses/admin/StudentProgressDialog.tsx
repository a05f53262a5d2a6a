import type { CourseDetail, CourseStudent } from '@atrium/contracts';
import { Alert, Badge, Loader, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ScrollTable } from '../../../app/components/ScrollTable';
import { formatDateTime } from '../../../lib/format';
import { courseKeys, coursesAdminApi } from './api';
import { CHAPTER_TYPE_LABELS, durationLabel } from './course-rules';

/** One student's progress in this course, chapter by chapter (GET /rest/courseAttendee/{id}/studentProgress). */
export function StudentProgressDialog({
  student,
  course,
  timeZone,
  onClose,
}: {
  student: CourseStudent | null;
  course: CourseDetail;
  timeZone: string;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const progress = useQuery({
    queryKey: courseKeys.progress(student?.contactId ?? ''),
    queryFn: () => coursesAdminApi.studentProgress(student?.contactId ?? ''),
    enabled: student !== null,
  });
  const mine = progress.data?.courses.find((c) => c.courseId === course.guId);
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={student ? `${student.name}: ${course.name}` : 'Progress'}
      size="lg"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {progress.isPending ? (
        <Loader size="sm" aria-label="Loading progress" />
      ) : progress.isError ? (
        <Alert color="red">The progress could not be loaded.</Alert>
      ) : !mine ? (
        <Text>No progress in this course.</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {mine.progressPercent}% · {mine.completedChapters} of {mine.totalChapters} chapters complete
            {mine.completedAt ? ` · Completed ${formatDateTime(mine.completedAt, timeZone)}` : ''}
          </Text>
          <Progress value={mine.progressPercent} aria-label={`Progress of ${student?.name ?? ''}`} />
          <ScrollTable minWidth={420} label="Students' progress">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Chapter</Table.Th>
                  <Table.Th>Watched</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.chapters.map((chapter) => (
                  <Table.Tr key={chapter.chapterId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {chapter.title}
                      <Text size="xs" c="dimmed">
                        {CHAPTER_TYPE_LABELS[chapter.type]}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {chapter.type === 'video'
                        ? `${durationLabel(chapter.positionSeconds) ?? '0:00'}${chapter.durationSeconds ? ` of ${durationLabel(chapter.durationSeconds)}` : ''}`
                        : '—'}
                    </Table.Td>
                    <Table.Td>
                      {chapter.completedAt ? (
                        <Badge color="teal.9">Complete</Badge>
                      ) : chapter.updatedAt ? (
                        <Badge color="blue.9">Started</Badge>
                      ) : (
                        <Badge color="gray.8">Not started</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Stack>
      )}
    </Modal>
  );
}
