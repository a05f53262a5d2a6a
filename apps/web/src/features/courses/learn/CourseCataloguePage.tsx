import type { CourseCatalogue } from '@atrium/contracts';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../../lib/notify';
import { useTenant } from '../../session/session-store';
import { useDocumentHead } from '../../tenant/tenant-head';
import { learnApi } from './api';
import { addCourseToCart } from './buy';
import { CourseCard, cardGrid } from './CourseCard';

type CatalogueCourse = CourseCatalogue['data'][number];

/** What a signed-in member may do with a course: open it, enrol, or buy it. */
export function CourseActions({ course }: { course: CatalogueCourse }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const open = `/mycourses/${encodeURIComponent(course.guId)}`;
  const enrol = useMutation({
    mutationFn: () => learnApi.enrol(course.guId),
    onSuccess: async (result) => {
      showSuccessToast(result.toast);
      await client.invalidateQueries({ queryKey: ['courses'] });
      navigate(open);
    },
  });
  const buy = useMutation({
    mutationFn: () => addCourseToCart(course.itemId),
    onSuccess: () => navigate('/cartcheckout'),
    onError: (error) =>
      showErrorToast(isApiError(error) ? error.message : 'The course could not be added to your cart.'),
  });
  if (course.isEnrolled)
    return (
      <Button component={Link} to={open} size="sm" aria-label={`Open ${course.name}`}>
        Open
      </Button>
    );
  if (course.canEnrol)
    return (
      <Button size="sm" loading={enrol.isPending} onClick={() => enrol.mutate()} aria-label={`Enrol in ${course.name}`}>
        Enrol
      </Button>
    );
  if (course.pricing === 'paid')
    return (
      <Button size="sm" loading={buy.isPending} onClick={() => buy.mutate()} aria-label={`Buy ${course.name}`}>
        Buy
      </Button>
    );
  return (
    <Text size="sm" c="dimmed">
      Included in a membership.{' '}
      <Anchor component={Link} to="/store" size="sm">
        See memberships
      </Anchor>
    </Text>
  );
}

/** /services for a member: the studio's published courses and what they may do with each (spec 1 §2). */
export default function CourseCataloguePage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Courses');
  const catalogue = useQuery({ queryKey: ['courses', 'catalogue'], queryFn: learnApi.catalogue });
  return (
    <Stack gap="md">
      <Title order={1}>Courses</Title>
      {catalogue.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading courses…</Text>
        </Group>
      ) : catalogue.isError ? (
        <Alert color="red" role="alert" title="The courses could not be loaded">
          <Button variant="light" size="xs" mt="xs" onClick={() => catalogue.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : catalogue.data.data.length === 0 ? (
        <Text>No courses are open yet.</Text>
      ) : (
        <ul style={cardGrid} aria-label="Courses">
          {catalogue.data.data.map((course) => (
            <CourseCard key={course.guId} course={course}>
              <Group gap="xs" mt="auto" pt="xs">
                <CourseActions course={course} />
                <Anchor component={Link} to={course.url} size="sm" aria-label={`About ${course.name}`}>
                  About
                </Anchor>
              </Group>
            </CourseCard>
          ))}
        </ul>
      )}
    </Stack>
  );
}
