import type { PublicCourseSummary } from '@atrium/contracts';
import { Card, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDuration, priceLabel } from './course-rules';

const wrap = { overflowWrap: 'anywhere' } as const;

/** A course as a card: its image, name, teacher, length and price; the actions come from the screen. */
export function CourseCard({
  course,
  children,
  showPrice = true,
}: {
  course: PublicCourseSummary;
  children?: ReactNode;
  showPrice?: boolean;
}) {
  const length = formatDuration(course.durationSeconds);
  const facts = [
    `${course.chapterCount} ${course.chapterCount === 1 ? 'chapter' : 'chapters'}`,
    length,
    showPrice ? priceLabel(course) : '',
  ].filter(Boolean);
  return (
    <Card component="li" withBorder radius="md" padding="md" style={{ display: 'flex', flexDirection: 'column' }}>
      {course.imageUrl ? (
        <Card.Section>
          <Image src={course.imageUrl} alt="" h={160} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap={4} mt={course.imageUrl ? 'sm' : 0} style={{ flex: 1 }}>
        <Title order={2} size="h4" style={wrap}>
          {course.name}
        </Title>
        {course.teacherName ? (
          <Text size="sm" c="dimmed" style={wrap}>
            with {course.teacherName}
          </Text>
        ) : null}
        <Text size="sm">{facts.join(' · ')}</Text>
        {children}
      </Stack>
    </Card>
  );
}

/** The cards' grid: one column on a phone, as many as fit beside. */
export const cardGrid = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 'var(--mantine-spacing-md)',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
} as const;
