import type { PublicCourse } from '@atrium/contracts';
import { Anchor, Badge, Button, Group, Image, List, Loader, Stack, Text, Title, Typography } from '@mantine/core';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MantineScope } from '../../../app/MantineScope';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { useSession, useTenant } from '../../session/session-store';
import { useDocumentHead } from '../../tenant/tenant-head';
import { LazyVideoPlayer } from '../../video';
import { learnApi } from '../learn/api';
import { addCourseToCart } from '../learn/buy';
import { CourseActions } from '../learn/CourseCataloguePage';
import { CHAPTER_TYPE_LABELS, formatDuration, priceLabel } from '../learn/course-rules';
import { EnrolForm } from './EnrolForm';

const wrap = { overflowWrap: 'anywhere' } as const;

/** The preview chapter, open to everyone: a video plays signed in or not (the video module's visitor policy). */
function Preview({ course }: { course: PublicCourse }) {
  const chapter = course.previewChapter;
  if (!chapter) return null;
  let body: React.ReactNode = null;
  if (chapter.type === 'video' && chapter.videoAssetId)
    body = (
      <Suspense fallback={<Loader size="sm" aria-label="Loading the player" />}>
        <LazyVideoPlayer assetId={chapter.videoAssetId} label={`Preview: ${chapter.title}`} />
      </Suspense>
    );
  else if (chapter.type === 'text')
    body = (
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server */}
        <div style={wrap} dangerouslySetInnerHTML={{ __html: chapter.html }} />
      </Typography>
    );
  else if (chapter.type === 'file' && chapter.file)
    body = (
      <Anchor href={chapter.file.url} download>
        Download {chapter.file.name}
      </Anchor>
    );
  return (
    <section aria-labelledby="preview-title">
      <Title order={2} size="h4" id="preview-title" mb="xs">
        Free preview: {chapter.title}
      </Title>
      {body}
    </section>
  );
}

/** A visitor's Buy: the course goes in the cart and the checkout opens (its code field takes an offer). */
function VisitorActions({ course }: { course: PublicCourse }) {
  const navigate = useNavigate();
  const buy = useMutation({
    mutationFn: () => addCourseToCart(course.itemId),
    onSuccess: () => navigate('/checkout'),
    onError: (error) =>
      showErrorToast(isApiError(error) ? error.message : 'The course could not be added to your cart.'),
  });
  if (course.pricing === 'free') return <EnrolForm course={course} demo={false} />;
  return (
    <Stack gap="md">
      {course.pricing === 'paid' ? (
        <Button size="md" loading={buy.isPending} onClick={() => buy.mutate()} aria-label={`Buy ${course.name}`}>
          Buy for {priceLabel(course)}
        </Button>
      ) : (
        <Text>
          This course comes with a membership.{' '}
          <Anchor href={`/login?returnUrl=${encodeURIComponent(course.url)}`}>Sign in</Anchor> to open it.
        </Text>
      )}
      {course.allowsDemo ? <EnrolForm course={course} demo /> : null}
    </Stack>
  );
}

function MemberActions({ course }: { course: PublicCourse }) {
  const catalogue = useQuery({ queryKey: ['courses', 'catalogue'], queryFn: learnApi.catalogue });
  const mine = catalogue.data?.data.find((row) => row.guId === course.guId);
  if (catalogue.isPending) return <Loader size="sm" aria-label="Loading" />;
  return mine ? <CourseActions course={mine} /> : null;
}

function CourseBody({ slug }: { slug: string }) {
  const tenant = useTenant();
  const { user } = useSession();
  const signedIn = Boolean(user);
  const page = useQuery({ queryKey: ['courses', 'public', slug], queryFn: () => learnApi.publicCourse(slug) });
  useDocumentHead(tenant, page.data?.name ?? 'Courses');
  if (page.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading the course…</Text>
      </Group>
    );
  if (page.isError)
    return (
      <Stack gap="sm">
        <Title order={1}>Course not found</Title>
        <Anchor component={Link} to="/courses">
          See all courses
        </Anchor>
      </Stack>
    );
  const course = page.data;
  return (
    <Stack gap="lg" style={{ maxWidth: 860 }}>
      <Anchor component={Link} to={signedIn ? '/services' : '/courses'} size="sm">
        ← All courses
      </Anchor>
      {course.imageUrl ? <Image src={course.imageUrl} alt="" radius="md" mah={320} fit="cover" /> : null}
      <Stack gap={4}>
        <Title order={1} style={wrap}>
          {course.name}
        </Title>
        {course.teacher ? <Text style={wrap}>with {course.teacher.name}</Text> : null}
        <Group gap="xs">
          <Badge variant="light" size="lg">
            {priceLabel(course)}
          </Badge>
          <Text size="sm">
            {course.chapterCount} chapters{course.durationSeconds ? ` · ${formatDuration(course.durationSeconds)}` : ''}
          </Text>
        </Group>
      </Stack>
      {signedIn ? <MemberActions course={course} /> : <VisitorActions course={course} />}
      {course.description ? (
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server */}
          <div style={wrap} dangerouslySetInnerHTML={{ __html: course.description }} />
        </Typography>
      ) : null}
      <Preview course={course} />
      <section aria-labelledby="outline-title">
        <Title order={2} size="h4" id="outline-title" mb="xs">
          What is inside
        </Title>
        {course.sections.map((section) => (
          <Stack key={section.guId} gap={4} mb="sm">
            <Title order={3} size="h5" style={wrap}>
              {section.title}
            </Title>
            <List spacing={2} size="sm">
              {section.chapters.map((chapter) => (
                <List.Item key={chapter.guId}>
                  <span style={wrap}>{chapter.title}</span>{' '}
                  <Text span size="xs" c="dimmed">
                    {[
                      CHAPTER_TYPE_LABELS[chapter.type],
                      formatDuration(chapter.durationSeconds),
                      chapter.isPreview ? 'free preview' : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </section>
    </Stack>
  );
}

/** /courses/{course}: one course's page in the app (the server renders the same page for a first visit). */
export default function CoursePage() {
  const { slug = '' } = useParams();
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <div className="site-wrap" style={{ padding: '24px 16px' }}>
          <CourseBody slug={slug} />
        </div>
      </QueryClientProvider>
    </MantineScope>
  );
}
