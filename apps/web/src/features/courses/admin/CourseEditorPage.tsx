import { COURSE_MESSAGES, type CourseDetail } from '@atrium/contracts';
import { Anchor, Button, Group, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { BackLink, DetailScreen } from '../../../app/components/DetailScreen';
import { showSuccessToast } from '../../../lib/notify';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { useTenant } from '../../session/session-store';
import { useDocumentHead } from '../../tenant/tenant-head';
import { courseKeys, coursesAdminApi } from './api';
import { CourseDetailsForm } from './CourseDetailsForm';
import { CourseOutline } from './CourseOutline';
import { CourseStudents } from './CourseStudents';
import { StatusBadge } from './CoursesPage';
import { missingDetails, priceLabel } from './course-rules';
import { COURSES_PATH } from './paths';

const TABS = ['content', 'details', 'students'] as const;
type Tab = (typeof TABS)[number];

/** "description, image or teacher". */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** /content without a course: the courses list, where one is picked. */
export function ContentIndex() {
  return <Navigate to={COURSES_PATH} replace />;
}

/**
 * /content/{id}: one course's editor. Content (sections and chapters), Details (price, teacher,
 * memberships, preview) and Students (progress, enrol), with Publish / Unpublish above them.
 */
export default function CourseEditorPage() {
  const { id = '' } = useParams();
  const tenant = useTenant();
  const client = useQueryClient();
  const course = useQuery({ queryKey: courseKeys.detail(id), queryFn: () => coursesAdminApi.get(id) });
  useDocumentHead(tenant, course.data?.name ?? 'Course');
  const setCourse = (next: CourseDetail) => {
    client.setQueryData(courseKeys.detail(id), next);
    void client.invalidateQueries({ queryKey: [...courseKeys.all, 'list'] });
  };

  const back = <BackLink to={COURSES_PATH}>Courses</BackLink>;
  return (
    <DetailScreen query={course} back={back} loadingLabel="Loading the course" notFound={COURSE_MESSAGES.notFound}>
      {(data) => <Editor course={data} setCourse={setCourse} back={back} timeZone={tenant?.timezone ?? 'UTC'} />}
    </DetailScreen>
  );
}

function Editor({
  course,
  setCourse,
  back,
  timeZone,
}: {
  course: CourseDetail;
  setCourse: (course: CourseDetail) => void;
  back: React.ReactNode;
  timeZone: string;
}) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'content';
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const published = course.status === 'published';
  const missing = missingDetails(course);

  const setStatus = async (status: 'draft' | 'published') => {
    setChanging(true);
    try {
      setCourse(await coursesAdminApi.setStatus(course.guId, status));
      showSuccessToast(status === 'published' ? `${course.name} is published.` : `${course.name} is unpublished.`);
      setConfirming(false);
    } catch {
      // the API client showed the refusal (a course with no chapter cannot be published)
    } finally {
      setChanging(false);
    }
  };

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} miw={0}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {course.name}
          </Title>
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={course.status} />
            <Text size="sm">{priceLabel(course)}</Text>
            <Text size="sm" c="dimmed">
              {course.studentCount} {course.studentCount === 1 ? 'student' : 'students'}
            </Text>
            {published ? (
              <Anchor href={`/courses/${encodeURIComponent(course.slug)}`} target="_blank" rel="noreferrer" size="sm">
                View course page<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </Anchor>
            ) : null}
          </Group>
        </Stack>
        {published ? (
          <Button variant="default" loading={changing} onClick={() => void setStatus('draft')}>
            Unpublish
          </Button>
        ) : (
          <Button
            loading={changing}
            onClick={() => (missing.length > 0 ? setConfirming(true) : void setStatus('published'))}
          >
            Publish
          </Button>
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value && value !== 'content') next.set('tab', value);
              else next.delete('tab');
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="content">Content</Tabs.Tab>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="students">Students</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="content" pt="md">
          <CourseOutline course={course} timeZone={timeZone} setCourse={setCourse} />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          <CourseDetailsForm course={course} setCourse={setCourse} />
        </Tabs.Panel>
        <Tabs.Panel value="students" pt="md">
          <CourseStudents course={course} timeZone={timeZone} />
        </Tabs.Panel>
      </Tabs>
      <ConfirmDialog
        opened={confirming}
        title="Publish course"
        message={
          <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
            {course.name} has no {listed(missing)} yet. You can add more course information later. Would you like to
            Proceed?
          </Text>
        }
        confirmLabel="Publish"
        busy={changing}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void setStatus('published')}
      />
    </Stack>
  );
}
