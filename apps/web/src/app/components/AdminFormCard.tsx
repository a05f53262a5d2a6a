import { Alert, Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A settings page's form that only an administrator saves (an email template, a widget): a note for
 * anyone else, then the form in a bordered card, its fields one under another. The browser's own
 * validation is off; Enter or the submit button calls `onSave`.
 */
export function AdminFormCard(props: { isAdmin: boolean; onSave: () => void; maw?: number; children: ReactNode }) {
  return (
    <>
      {!props.isAdmin ? <Alert color="gray">Only an administrator can change these settings.</Alert> : null}
      <Card withBorder padding="lg" maw={props.maw}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave();
          }}
        >
          <Stack gap="md">{props.children}</Stack>
        </form>
      </Card>
    </>
  );
}
