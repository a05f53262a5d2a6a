import { Card, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered group of a form's fields, one under another. */
export function FieldsCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

/** Fields two by two from a tablet's width, one by one on a phone. */
export function FieldPairs({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>;
}
