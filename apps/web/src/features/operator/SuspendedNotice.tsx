import { SUSPENDED_NOTICE } from '@atrium/contracts';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MantineScope } from '../../app/MantineScope';

/** A studio the platform operator suspended (issue 28): its public site says so; staff still sign in. */
export function SuspendedNotice() {
  return (
    <MantineScope>
      <Stack p="md" maw={560} mx="auto" my="xl">
        <Paper withBorder p="xl" role="status">
          <Title order={1} size="h2" mb="sm">
            Site unavailable
          </Title>
          <Text>{SUSPENDED_NOTICE}</Text>
          <Text size="sm" mt="md">
            Staff of the studio can still{' '}
            <Anchor component={Link} to="/login">
              sign in
            </Anchor>
            .
          </Text>
        </Paper>
      </Stack>
    </MantineScope>
  );
}
