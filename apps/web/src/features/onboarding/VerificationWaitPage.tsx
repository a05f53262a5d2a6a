import { ONBOARDING_TEXTS } from '@atrium/contracts';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { profileApi } from '../profile/api';
import { updateSession, useSession } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** Spec 3 §9: the verification state is checked again every 10 seconds. */
export const VERIFICATION_POLL_MS = 10_000;

const sendCode = () => apiRequest<{ message: string }>('/rest/user/otp', { method: 'POST', silent: true });
const verifyCode = (code: string) =>
  apiRequest<{ message: string }>('/rest/user/verifyOtp', { method: 'POST', body: { code }, silent: true });

/**
 * Spec 3 §2.4/§4: a student whose email is not verified waits here. A code is emailed at once; the
 * page checks every 10 seconds (a link opened on another device counts too) and takes the code typed
 * in. Once verified they go to the classes route.
 */
export default function VerificationWaitPage() {
  const { tenant, user } = useSession();
  useDocumentHead(tenant, 'Verify your email');
  const navigate = useNavigate();
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const asked = useRef(false);

  const verified = () => {
    if (user) updateSession({ user: { ...user, isEmailVerified: true } });
    navigate('/classes', { replace: true });
  };

  const ask = async () => {
    setProblem(null);
    try {
      await sendCode();
      setSent(ONBOARDING_TEXTS.verificationSent);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The email could not be sent. Please try again.');
    }
  };

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void ask();
  });

  useEffect(() => {
    const timer = window.setInterval(async () => {
      const profile = await profileApi.read().catch(() => null);
      if (profile?.contact.isEmailVerified) verified();
    }, VERIFICATION_POLL_MS);
    return () => window.clearInterval(timer);
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setProblem(null);
    try {
      await verifyCode(code.trim());
      verified();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The code could not be checked. Please try again.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder p="xl" maw={480} mx="auto" mt="lg">
      <Title order={1} size="h2">
        Verify your email
      </Title>
      <Text mt="sm">
        We sent a 6-digit code to <strong>{user?.email}</strong>. Enter it below, or open the link in the email. This
        page checks every 10 seconds.
      </Text>
      {sent && (
        <Text role="status" mt="sm" c="teal.9">
          {sent}
        </Text>
      )}
      {problem && (
        <Alert color="red" role="alert" mt="sm">
          {problem}
        </Alert>
      )}
      <form onSubmit={submit}>
        <Stack mt="md">
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
          />
          <Group>
            <Button type="submit" loading={checking} disabled={code.length !== 6}>
              Verify
            </Button>
            <Button variant="default" onClick={() => void ask()}>
              Send a new code
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
