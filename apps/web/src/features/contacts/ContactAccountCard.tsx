import type { ContactDetail } from '@atrium/contracts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { type AccountAction, useAccountAction } from './hooks';

const ACTIONS: { action: AccountAction; label: string; title: string; what: string }[] = [
  {
    action: 'credentials',
    label: 'Send Credentials',
    title: 'Send Credentials',
    what: 'a link to set their password',
  },
  { action: 'reset', label: 'Reset Password', title: 'Reset Password', what: 'a link to reset their password' },
  {
    action: 'verification',
    label: 'Send Verification Email',
    title: 'Send Verification Email',
    what: 'a link to verify their email address',
  },
  {
    action: 'code',
    label: 'Send verification code',
    title: 'Send verification code',
    what: 'a 6-digit code (valid 15 minutes) to verify their email address',
  },
];

/**
 * The contact's login account (spec 3 §7.4): whether they can sign in and have verified their
 * email, and the emails staff can send them. Every email is confirmed first.
 */
export function ContactAccountCard({ contact }: { contact: ContactDetail }) {
  const send = useAccountAction(contact.guId);
  const [pending, setPending] = useState<(typeof ACTIONS)[number] | null>(null);
  if (contact.isWalkin) return null;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-account-title">
      <Title order={2} fz="h4" id="contact-account-title">
        Account
      </Title>
      <Group gap="xs" mt="xs">
        <Badge variant="light" color={contact.claim ? 'teal' : 'gray'}>
          {contact.claim ? 'Can sign in' : 'No login yet'}
        </Badge>
        <Badge variant="light" color={contact.isEmailVerified ? 'teal' : 'gray'}>
          {contact.isEmailVerified ? 'Email verified' : 'Email not verified'}
        </Badge>
        {contact.isSuspended ? (
          <Badge variant="light" color="red">
            Suspended
          </Badge>
        ) : null}
      </Group>
      {contact.isSuspended ? (
        <Text size="sm" c="dimmed" mt="xs">
          A suspended account gets no emails. Lift the suspension in Settings, Users.
        </Text>
      ) : (
        <Stack gap="xs" mt="sm">
          <Group gap="xs">
            {ACTIONS.map((item) => (
              <Button key={item.action} variant="light" size="xs" onClick={() => setPending(item)}>
                {item.label}
              </Button>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            Emails carry a one-time link or code, never a password.
          </Text>
        </Stack>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.title ?? ''}
        message={pending ? `An email with ${pending.what} will be sent to ${contact.email}. Continue?` : ''}
        confirmLabel="Yes"
        cancelLabel="No"
        busy={send.isPending}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          const answer = await send.mutateAsync(pending.action).catch(() => null);
          if (answer) showSuccessToast(answer.message);
          setPending(null);
        }}
      />
    </Card>
  );
}
