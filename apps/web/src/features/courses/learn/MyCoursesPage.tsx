import type { MyCourse } from '@atrium/contracts';
import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../../session/session-store';
import { useDocumentHead } from '../../tenant/tenant-head';
import { downloadCertificate, learnApi } from './api';
import { CourseCard, cardGrid } from './CourseCard';
import { formatPosition } from './course-rules';

/** Where "Continue" opens the player: the chapter I stopped in (the player starts at its second). */
export function continueHref(course: MyCourse): string {
  const base = `/mycourses/${encodeURIComponent(course.course.guId)}`;
  return course.resume ? `${base}?chapter=${encodeURIComponent(course.resume.chapterId)}` : base;
}

function MyCourseItem({ item }: { item: MyCourse }) {
  const [saving, setSaving] = useState(false);
  const { course } = item;
  const started = item.lastActivityAt !== null || item.completedChapters > 0;
  const certificate = async () => {
    setSaving(true);
    await downloadCertificate(course.guId, course.name).catch(() => undefined);
    setSaving(false);
  };
  return (
    <CourseCard course={course} showPrice={false}>
      <Progress.Root mt="xs">
        <Progress.Section value={item.progressPercent} aria-label={`${course.name} progress`} />
      </Progress.Root>
      <Text size="sm">
        {item.progressPercent}% complete · {item.completedChapters} of {item.totalChapters} chapters
      </Text>
      {item.resume && !item.completedAt ? (
        <Text size="sm" c="dimmed">
          Next: {item.resume.chapterTitle}
          {item.resume.positionSeconds > 0 ? ` at ${formatPosition(item.resume.positionSeconds)}` : ''}
        </Text>
      ) : null}
      {!item.hasAccess ? (
        <Text size="sm" c="red.9">
          {item.source === 'purchase' && item.refundedAt
            ? 'This course was refunded, so it is closed. Your progress is kept if you take it again.'
            : 'The membership that included this course is no longer active.'}
        </Text>
      ) : null}
      <Group gap="xs" mt="auto" pt="xs">
        {item.hasAccess ? (
          <Button
            component={Link}
            to={continueHref(item)}
            size="sm"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            aria-label={`${started ? 'Continue' : 'Start'} ${course.name}`}
          >
            {started ? 'Continue' : 'Start'}
          </Button>
        ) : null}
        {item.completedAt ? (
          <Button
            variant="light"
            size="sm"
            loading={saving}
            leftSection={<IconCertificate size={16} aria-hidden />}
            onClick={certificate}
            aria-label={`Download the certificate of ${course.name}`}
          >
            Certificate
          </Button>
        ) : null}
      </Group>
    </CourseCard>
  );
}

/** /mycourses: my courses with their progress, and Continue where I stopped (spec 1 §2). */
export default function MyCoursesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Courses');
  const mine = useQuery({ queryKey: ['courses', 'mine'], queryFn: learnApi.mine });
  return (
    <Stack gap="md">
      <Title order={1}>My Courses</Title>
      {mine.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading your courses…</Text>
        </Group>
      ) : mine.isError ? (
        <Alert color="red" role="alert" title="Your courses could not be loaded">
          <Button variant="light" size="xs" mt="xs" onClick={() => mine.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : mine.data.data.length === 0 ? (
        <Text>
          You have no courses yet.{' '}
          <Anchor component={Link} to="/services">
            Browse courses
          </Anchor>
        </Text>
      ) : (
        <>
          <ul style={cardGrid} aria-label="My courses">
            {mine.data.data.map((item) => (
              <MyCourseItem key={item.course.guId} item={item} />
            ))}
          </ul>
          <Anchor component={Link} to="/services">
            Browse more courses
          </Anchor>
        </>
      )}
    </Stack>
  );
}
