import type { PublicCourseList } from '@atrium/contracts';
import { Anchor, List, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../../session/session-store';
import { learnApi } from '../learn/api';
import { priceLabel } from '../learn/course-rules';

/**
 * The website builder's listing of the courses standard page: the published courses visitors see there
 * (GET /public/course, the same call the page itself uses), each with its price and its page, and where
 * courses are made.
 */
export function CourseListing() {
  const tenant = useTenant();
  const [list, setList] = useState<PublicCourseList | null>(null);
  const [failed, setFailed] = useState(false);
  const on = tenant.isShowCourses;
  useEffect(() => {
    if (!on) return;
    let current = true;
    learnApi
      .publicList()
      .then((answer) => current && setList(answer))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [on]);
  const manage = (
    <Anchor component={Link} to="/services" size="sm">
      Courses
    </Anchor>
  );
  if (!on)
    return <Text size="sm">Courses are turned off for your organisation, so this page shows visitors nothing.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Visitors see your published courses on this page, with their price, and open each course's page to buy or enrol.
        Courses are made and published under {manage}.
      </Text>
      {failed ? (
        <Text size="sm" c="red.9">
          The courses could not be loaded.
        </Text>
      ) : list === null ? (
        <Loader size="sm" aria-label="Loading the courses" />
      ) : list.data.length === 0 ? (
        <Text size="sm">No courses are published yet. Add a course under {manage}, then publish it.</Text>
      ) : (
        <List spacing={2} size="sm" aria-label="Courses visitors see">
          {list.data.map((course) => (
            <List.Item key={course.guId}>
              <Anchor component={Link} to={course.url} size="sm">
                {course.name}
              </Anchor>
              : {priceLabel(course)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
