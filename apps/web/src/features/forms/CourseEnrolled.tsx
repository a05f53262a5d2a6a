import { COURSE_MESSAGES, FORM_COURSE_TEXTS, type PublicCourseRegistrationResult } from '@atrium/contracts';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The thank-you view of the demo-course flow (spec 3 §2.3): '{course} enrolled successfully', that the
 * course details went by email, and how to take the course on a phone. The studio settings hold no
 * app-store links, so the notice points at the studio's own app in the phone's browser (sign in) and
 * no store link is shown (docs/decisions/forms.md "A form can enrol in a course"). `children` is the
 * signed form's download.
 */
export function CourseEnrolled({
  course,
  studio,
  children,
}: {
  course: PublicCourseRegistrationResult;
  studio: string;
  children?: ReactNode;
}) {
  return (
    <Stack aria-live="polite" maw={720}>
      <Title order={1}>{course.message}</Title>
      <Text>{COURSE_MESSAGES.detailsByEmail}</Text>
      <Text>
        {FORM_COURSE_TEXTS.appNotice(studio)}{' '}
        <Anchor component={Link} to="/login">
          {FORM_COURSE_TEXTS.signIn}
        </Anchor>
      </Text>
      {children}
    </Stack>
  );
}
