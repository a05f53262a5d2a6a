import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The small "back" link above a detail screen (to its list, or the record it belongs to). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

interface LoadedQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A detail screen's loading and not-found states, with its back link above them; `children` draws
 * the record once it is there.
 */
export function DetailScreen<T>({
  query,
  back,
  loadingLabel,
  notFound,
  children,
}: {
  query: LoadedQuery<T>;
  back: ReactNode;
  loadingLabel: string;
  notFound: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack>
        {back}
        <Loader aria-label={loadingLabel} />
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Stack>
        {back}
        <Alert color="red" title={notFound}>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      </Stack>
    );
  }
  return children(query.data);
}
