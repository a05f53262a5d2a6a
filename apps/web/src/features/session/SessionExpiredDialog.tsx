import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { MantineScope } from '../../app/MantineScope';

interface Props {
  onContinue: () => Promise<void>;
  onLogout: () => Promise<void>;
}

/** Spec 1 §8 session message. Closing the dialog any other way counts as declining. */
export default function SessionExpiredDialog({ onContinue, onLogout }: Props) {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <MantineScope>
      <Modal opened onClose={run(onLogout)} title="Session Expired" centered closeOnClickOutside={false}>
        <Text mb="lg">Your session has expired. Would you like to continue your session?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={run(onLogout)} disabled={busy}>
            Logout
          </Button>
          <Button onClick={run(onContinue)} loading={busy}>
            Continue
          </Button>
        </Group>
      </Modal>
    </MantineScope>
  );
}
