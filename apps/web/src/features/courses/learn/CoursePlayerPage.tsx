import type { LearnCourse } from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCertificate, IconCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { showSuccessToast } from '../../../lib/notify';
import { useTenant } from '../../session/session-store';
import { useDocumentHead } from '../../tenant/tenant-head';
import { downloadCertificate, learnApi } from './api';
import { ChapterView } from './ChapterView';
import {
  CHAPTER_TYPE_LABELS,
  chaptersInOrder,
  chapterToOpen,
  formatDuration,
  nextOpenChapter,
  startSecond,
} from './course-rules';

const wrap = { overflowWrap: 'anywhere' } as const;

function Outline({
  course,
  current,
  onOpen,
}: {
  course: LearnCourse;
  current: string | null;
  onOpen: (chapterId: string) => void;
}) {
  return (
    <nav aria-label="Course outline" id="course-outline">
      <Stack gap="sm">
        {course.sections.map((section) => (
          <section key={section.guId} aria-labelledby={`section-${section.guId}`}>
            <Title order={2} size="h5" id={`section-${section.guId}`} mb={4} style={wrap}>
              {section.title}
            </Title>
            <Stack component="ol" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
              {section.chapters.map((chapter) => {
                const done = chapter.completedAt !== null;
                const Icon = chapter.isLocked ? IconLock : done ? IconCircleCheck : IconCircle;
                const facts = [CHAPTER_TYPE_LABELS[chapter.type], formatDuration(chapter.durationSeconds)]
                  .filter(Boolean)
                  .join(' · ');
                const body = (
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Icon
                      size={18}
                      aria-hidden
                      style={{ flex: 'none', marginTop: 2 }}
                      color={done ? 'var(--mantine-color-teal-8)' : undefined}
                    />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={chapter.guId === current ? 700 : 400} style={wrap}>
                        {chapter.title}
                        <VisuallyHidden>
                          {done ? ', completed' : ''}
                          {chapter.isLocked ? ', locked: buy the course to open it' : ''}
                        </VisuallyHidden>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {facts}
                      </Text>
                    </div>
                  </Group>
                );
                return (
                  <li key={chapter.guId}>
                    {chapter.isLocked ? (
                      <div style={{ padding: '6px 8px', opacity: 0.75 }}>{body}</div>
                    ) : (
                      <UnstyledButton
                        onClick={() => onOpen(chapter.guId)}
                        aria-current={chapter.guId === current ? 'step' : undefined}
                        style={{
                          display: 'block',
                          width: '100%',
                          padding: '6px 8px',
                          borderRadius: 6,
                          background: chapter.guId === current ? 'var(--mantine-color-gray-1)' : undefined,
                        }}
                      >
                        {body}
                      </UnstyledButton>
                    )}
                  </li>
                );
              })}
            </Stack>
          </section>
        ))}
      </Stack>
    </nav>
  );
}

/** /mycourses/{course}: the outline with my ticks and the chapter I am on (video, reading, document, live). */
export default function CoursePlayerPage() {
  const tenant = useTenant();
  const { courseId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const client = useQueryClient();
  const learn = useQuery({ queryKey: ['courses', 'learn', courseId], queryFn: () => learnApi.learn(courseId) });
  const course = learn.data;
  useDocumentHead(tenant, course?.course.name ?? 'Course');
  const chapterId = course ? chapterToOpen(course, search.get('chapter')) : null;
  const chapter = course ? chaptersInOrder(course).find((row) => row.guId === chapterId) : undefined;
  const content = useQuery({
    queryKey: ['courses', 'chapter', courseId, chapterId],
    queryFn: () => learnApi.chapter(courseId, chapterId as string),
    enabled: chapterId !== null,
  });
  // Where the video starts is taken once per chapter opened; later readings of the outline must not restart it.
  const start = useRef<{ id: string; at: number } | null>(null);
  if (chapter && start.current?.id !== chapter.guId)
    start.current = { id: chapter.guId, at: startSecond(chapter.positionSeconds, chapter.durationSeconds) };
  const [certifying, setCertifying] = useState(false);

  const refreshOutline = () => client.invalidateQueries({ queryKey: ['courses'], refetchType: 'active' });
  const save = useMutation({
    mutationFn: (body: {
      chapterId: string;
      positionSeconds: number;
      durationSeconds: number | null;
      completed?: boolean;
    }) =>
      learnApi.saveProgress(courseId, body.chapterId, {
        positionSeconds: Math.max(0, Math.min(86_400, body.positionSeconds)),
        durationSeconds: body.durationSeconds && Number.isFinite(body.durationSeconds) ? body.durationSeconds : null,
        completed: body.completed ?? false,
        sentAt: new Date().toISOString(),
      }),
    onSuccess: (saved, body) => {
      const wasDone = chaptersInOrder(course ?? { sections: [] }).find(
        (row) => row.guId === body.chapterId,
      )?.completedAt;
      if (saved.completedAt && !wasDone) void refreshOutline();
    },
  });

  const open = (id: string) => {
    setSearch({ chapter: id });
    document.getElementById('chapter-title')?.focus();
  };

  if (learn.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading the course…</Text>
      </Group>
    );
  if (learn.isError || !course)
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" title="This course could not be opened">
          {isApiError(learn.error) ? learn.error.message : null}
        </Alert>
        <Anchor component={Link} to="/mycourses">
          Back to My Courses
        </Anchor>
      </Stack>
    );

  const next = chapterId ? nextOpenChapter(course, chapterId) : null;
  const completedCourse = course.progressPercent >= 100;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/mycourses" size="sm">
        ← My Courses
      </Anchor>
      <Title order={1} style={wrap}>
        {course.course.name}
      </Title>
      <Progress.Root>
        <Progress.Section value={course.progressPercent} aria-label="Course progress" />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{course.progressPercent}% complete</Text>
        {completedCourse ? (
          <Button
            size="xs"
            variant="light"
            loading={certifying}
            leftSection={<IconCertificate size={16} aria-hidden />}
            onClick={async () => {
              setCertifying(true);
              await downloadCertificate(course.course.guId, course.course.name).catch(() => undefined);
              setCertifying(false);
            }}
          >
            Download certificate
          </Button>
        ) : null}
      </Group>
      {course.source === 'demo' ? (
        <Alert color="blue">
          You are taking the demo of this course: its demo chapters are open.{' '}
          <Anchor component={Link} to={course.course.url}>
            Buy the course
          </Anchor>{' '}
          to open every chapter.
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {chapter ? (
              <>
                <Title order={2} size="h3" id="chapter-title" tabIndex={-1} style={wrap}>
                  {chapter.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {chapter.sectionTitle}
                </Text>
                {content.isPending ? (
                  <Group gap="xs" role="status">
                    <Loader size="sm" aria-hidden />
                    <Text>Loading the chapter…</Text>
                  </Group>
                ) : content.isError ? (
                  <Alert color="red" role="alert">
                    {isApiError(content.error) ? content.error.message : 'This chapter could not be opened.'}
                  </Alert>
                ) : (
                  <ChapterView
                    courseId={course.course.guId}
                    chapter={content.data}
                    timeZone={tenant.timezone}
                    startAt={start.current?.at ?? 0}
                    completed={chapter.completedAt !== null}
                    marking={save.isPending && save.variables?.completed === true}
                    onVideoProgress={(seconds, duration) =>
                      save.mutate({
                        chapterId: chapter.guId,
                        positionSeconds: seconds,
                        durationSeconds: duration || null,
                      })
                    }
                    onMarkComplete={() =>
                      save.mutate(
                        { chapterId: chapter.guId, positionSeconds: 0, durationSeconds: null, completed: true },
                        { onSuccess: () => showSuccessToast('Chapter completed') },
                      )
                    }
                  />
                )}
                {next ? (
                  <Group>
                    <Button variant="default" onClick={() => open(next)}>
                      Next chapter
                    </Button>
                  </Group>
                ) : null}
              </>
            ) : (
              <Text>This course has no chapters open to you yet.</Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Outline course={course} current={chapterId} onOpen={open} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
