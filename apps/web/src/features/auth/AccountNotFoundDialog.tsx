import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { accountNotFoundMessage } from './login-messages';

/** The dialog's body, separate so it can be rendered and checked on its own. */
export function AccountNotFoundContent({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Stack>
      <Text>{accountNotFoundMessage(reason)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button component={Link} to="/register" onClick={onClose}>
          Register
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec 1 §8: a failed social login shows 'Account Not Found' (the caller clears the login trace). */
export function AccountNotFoundDialog({
  opened,
  reason,
  onClose,
}: {
  opened: boolean;
  reason: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Account Not Found" centered>
      <AccountNotFoundContent reason={reason} onClose={onClose} />
    </Modal>
  );
}
