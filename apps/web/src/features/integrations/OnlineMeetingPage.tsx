import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { connectApi } from './api';
import { connectResult } from './connect-rules';
import { DisconnectDialog } from './DisconnectDialog';
import { useDisconnectMeeting, useMeeting } from './hooks';
import { HUB_PATH } from './integration-rules';

/** /oauth/omeeting: the online meeting (Zoom) connection and where Zoom sends the browser back. */
export default function OnlineMeetingPage() {
  return (
    <section aria-label="Online Meeting">
      <SettingsHeader title="Online Meeting" backTo={HUB_PATH} />
      <AdminOnly>
        <Meeting />
      </AdminOnly>
    </section>
  );
}

function Meeting() {
  const [params, setParams] = useSearchParams();
  const result = connectResult(params);
  const meeting = useMeeting();
  const disconnect = useDisconnectMeeting();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (meeting.isLoading) return <Busy label="Loading the online meeting connection" />;
  const connect = async () => {
    setBusy(true);
    try {
      const { url } = await connectApi.connect('zoom');
      window.location.assign(url);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <Stack maw={640}>
      {result ? (
        <Alert
          color={result.ok ? 'teal' : 'red'}
          withCloseButton
          onClose={() => setParams({}, { replace: true })}
          title={result.ok ? 'Zoom connected' : 'Zoom was not connected'}
        >
          {result.message || (result.ok ? 'Online classes can now get Zoom meeting links.' : '')}
        </Alert>
      ) : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      <Card withBorder>
        <Group justify="space-between">
          <div>
            <Text fw={600}>Zoom</Text>
            <Text size="sm" c="dimmed">
              {meeting.data?.connected
                ? `Connected${meeting.data.email ? ` as ${meeting.data.email}` : ''}`
                : 'Create Zoom meeting links for online classes and appointments.'}
            </Text>
          </div>
          {meeting.data?.connected ? (
            <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          ) : (
            <Button onClick={connect} loading={busy}>
              Connect Zoom
            </Button>
          )}
        </Group>
      </Card>
      <DisconnectDialog
        provider="Zoom"
        opened={confirming}
        onClose={() => setConfirming(false)}
        disconnect={disconnect}
      />
    </Stack>
  );
}
