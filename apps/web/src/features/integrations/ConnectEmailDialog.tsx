import { EMAIL_PROVIDERS, EMAIL_UNIDENTIFIED, type EmailProvider } from '@atrium/contracts';
import { Anchor, Button, Checkbox, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useReducer, useState } from 'react';
import { connectApi } from './api';
import { connectEmailError, DATA_ACCESS, dialogReducer, INITIAL_DIALOG, PROVIDER_APP } from './connect-rules';

/** The 780px connect dialog (spec 2 §2 "Connect Email", §4 dialog states). */
export function ConnectEmailDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [state, dispatch] = useReducer(dialogReducer, INITIAL_DIALOG);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const error = touched ? connectEmailError(state.email) : null;

  const close = () => {
    dispatch({ type: 'different' });
    setTouched(false);
    setChoosing(false);
    onClose();
  };

  const identify = async () => {
    setTouched(true);
    if (connectEmailError(state.email)) return;
    setBusy(true);
    try {
      const answer = await connectApi.mxName(state.email.trim());
      dispatch({ type: 'identified', provider: answer.provider });
    } catch {
      // Spec 2 §8: the lookup's failures are silent; the unidentified step offers a choice.
      dispatch({ type: 'identified', provider: 'other' });
    } finally {
      setBusy(false);
    }
  };

  const connect = async (provider: EmailProvider) => {
    setBusy(true);
    try {
      const { url } = await connectApi.connect(provider, {
        isShareAccount: state.isShareAccount,
        email: state.email.trim(),
      });
      // The provider's consent page, in the same window (spec 2 §7).
      window.location.assign(url);
    } catch (failure) {
      setBusy(false);
      // Connect failures are silent in the spec; a platform without this provider says so.
      if (failure instanceof Error && /not configured/.test(failure.message)) {
        dispatch({ type: 'identified', provider: 'other' });
      }
    }
  };

  return (
    <Modal opened={opened} onClose={close} size={780} title="Connect your email" centered>
      {state.step === 'information' ? (
        <Stack>
          <Title order={3} size="h4">
            Connect your inbox
          </Title>
          <Text>Connect your mailbox to:</Text>
          <List spacing="xs">
            <List.Item>send and schedule emails from Atrium</List.Item>
            <List.Item>log replies to your contacts automatically</List.Item>
            <List.Item>get suggested follow-up tasks</List.Item>
            <List.Item>capture new contacts from your conversations</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            This needs inbox automation: Atrium reads and sends mail on your behalf.
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => dispatch({ type: 'connectInbox' })}>Connect your inbox</Button>
          </Group>
        </Stack>
      ) : null}

      {state.step === 'submitEmail' ? (
        <Stack>
          <TextInput
            label="Email address"
            type="email"
            withAsterisk
            value={state.email}
            error={error}
            onChange={(event) => dispatch({ type: 'email', email: event.currentTarget.value })}
            onBlur={() => setTouched(true)}
            data-autofocus
          />
          <Checkbox
            label="Share your email account across the team"
            checked={state.isShareAccount}
            onChange={(event) => dispatch({ type: 'share', value: event.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button onClick={identify} loading={busy} disabled={touched && !!error}>
              Next
            </Button>
          </Group>
        </Stack>
      ) : null}

      {state.step === 'emailIdentified' && state.provider ? (
        <Stack>
          <Text>
            <strong>{state.email}</strong> is hosted by {PROVIDER_APP[state.provider]}.
          </Text>
          <Text>We recommend connecting it through the {PROVIDER_APP[state.provider]} app.</Text>
          <Group justify="space-between">
            <Anchor component="button" type="button" onClick={() => dispatch({ type: 'different' })}>
              Connect a different account
            </Anchor>
            <Button onClick={() => dispatch({ type: 'confirm' })}>Connect</Button>
          </Group>
        </Stack>
      ) : null}

      {state.step === 'emailIdentifiedAndConfirmed' && state.provider ? (
        <Stack>
          <Title order={3} size="h4">
            {PROVIDER_APP[state.provider]}
          </Title>
          <Text>{DATA_ACCESS[state.provider]}</Text>
          <Group justify="space-between">
            <Anchor component="button" type="button" onClick={() => dispatch({ type: 'different' })}>
              Connect a different account
            </Anchor>
            <Button onClick={() => state.provider && connect(state.provider)} loading={busy}>
              Continue
            </Button>
          </Group>
        </Stack>
      ) : null}

      {state.step === 'unidentified' ? (
        <Stack>
          <Text fw={600}>{EMAIL_UNIDENTIFIED}</Text>
          {choosing ? (
            <Group>
              {EMAIL_PROVIDERS.map((provider) => (
                <Button key={provider} variant="light" onClick={() => dispatch({ type: 'choose', provider })}>
                  {PROVIDER_APP[provider]}
                </Button>
              ))}
            </Group>
          ) : null}
          <Group justify="space-between">
            <Anchor component="button" type="button" onClick={() => dispatch({ type: 'different' })}>
              Connect a different account
            </Anchor>
            <Button onClick={() => setChoosing(true)}>Choose email provider</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
