import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MantineScope } from '../../../app/MantineScope';
import { queryClient } from '../../../lib/query-client';
import { useTenant } from '../../session/session-store';
import { useDocumentHead } from '../../tenant/tenant-head';
import { learnApi } from '../learn/api';
import { CourseCard, cardGrid } from '../learn/CourseCard';

function Listing() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Courses');
  const list = useQuery({ queryKey: ['courses', 'public'], queryFn: learnApi.publicList });
  return (
    <Stack gap="md">
      <Title order={1}>Courses</Title>
      {list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading courses…</Text>
        </Group>
      ) : list.isError ? (
        <Text role="alert">The courses could not be loaded. Please reload the page.</Text>
      ) : list.data.data.length === 0 ? (
        <Text>No courses are open yet.</Text>
      ) : (
        <ul style={cardGrid} aria-label="Courses">
          {list.data.data.map((course) => (
            <CourseCard key={course.guId} course={course}>
              <Anchor component={Link} to={course.url} mt="auto" pt="xs" aria-label={`View ${course.name}`}>
                View course
              </Anchor>
            </CourseCard>
          ))}
        </ul>
      )}
    </Stack>
  );
}

/** /courses in the app (a visitor moving inside the site, Web Preview); a first visit gets the server's page. */
export default function PublicCoursesPage() {
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <div className="site-wrap" style={{ padding: '24px 16px' }}>
          <Listing />
        </div>
      </QueryClientProvider>
    </MantineScope>
  );
}
