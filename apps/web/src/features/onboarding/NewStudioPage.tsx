import { STUDIO_SIGNUP_MESSAGES, type StudioSignupRequest, studioOrgIdError } from '@atrium/contracts';
import { Alert, Button, Group, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { type ReactNode, useEffect, useState } from 'react';
import { revealApp } from '../../app/app-prepaint';
import { BlankLayout } from '../../app/layouts/BlankLayout';
import { MantineScope } from '../../app/MantineScope';
import { isApiError } from '../../lib/api-error';
import { solveHumanCheck } from '../forms/api';
import { onboardingApi } from './api';

type Fields = Omit<StudioSignupRequest, 'rToken'>;
type Offered = 'checking' | 'yes' | 'no';

/** `my yoga studio` → `my-yoga-studio`: a first suggestion for the web address. */
export function suggestOrgId(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 32)
    .replace(/-+$/, '');
}

/**
 * A new studio signs up (issue 13) on the bare product domain only: its own web address, its
 * owner's name, email and password. The proof-of-work human check runs when the form is sent; the
 * answer sends the owner to the new studio's own address, signed in, at onboarding.
 */
export default function NewStudioPage() {
  return (
    <MantineScope>
      <BlankLayout>
        <NewStudioForm />
      </BlankLayout>
    </MantineScope>
  );
}

interface FormProps {
  /** The platform operator's /tplan/{name}/{freq} (issue 28): the plan the studio starts on. */
  planName?: string;
  /** Under the title (the chosen plan, say). */
  intro?: ReactNode;
}

/** The sign-up form: on the bare domain, and on the operator's site with a plan. */
export function NewStudioForm({ planName, intro }: FormProps) {
  const [offered, setOffered] = useState<Offered>('checking');
  const [step, setStep] = useState<'idle' | 'checking' | 'creating' | 'opening'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [addressTouched, setAddressTouched] = useState(false);
  // On the operator's site (`{operator}.{domain}`) the new studio's address is on the product domain.
  const domain = planName ? window.location.host.split('.').slice(1).join('.') : window.location.host;

  useEffect(() => {
    if (!planName) {
      document.title = 'Create your studio';
      revealApp();
    }
    onboardingApi.signupCheck(Boolean(planName)).then(
      () => setOffered('yes'),
      () => setOffered('no'),
    );
  }, [planName]);

  const form = useForm<Fields>({
    initialValues: { businessName: '', orgId: '', firstName: '', lastName: '', email: '', password: '' },
    validate: {
      businessName: isNotEmpty(STUDIO_SIGNUP_MESSAGES.businessName),
      orgId: (value) => studioOrgIdError(value.trim().toLowerCase()),
      firstName: isNotEmpty(STUDIO_SIGNUP_MESSAGES.firstName),
      lastName: isNotEmpty(STUDIO_SIGNUP_MESSAGES.lastName),
      email: isEmail(STUDIO_SIGNUP_MESSAGES.emailInvalid),
      password: (value) =>
        !value ? STUDIO_SIGNUP_MESSAGES.password : value.length < 8 ? 'Password must be at least 8 characters' : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      setStep('checking');
      const rToken = await solveHumanCheck(await onboardingApi.signupCheck(Boolean(planName)));
      setStep('creating');
      const created = await onboardingApi.signUp({
        ...values,
        orgId: values.orgId.trim().toLowerCase(),
        rToken,
        ...(planName ? { planName } : {}),
      });
      setStep('opening');
      window.location.assign(created.url);
    } catch (error) {
      setStep('idle');
      if (isApiError(error) && error.field && error.field in values) form.setFieldError(error.field, error.message);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  const busy = step !== 'idle';
  return (
    <>
      {offered === 'checking' ? (
        <Loader aria-label="Loading" />
      ) : offered === 'no' ? (
        <Paper withBorder p="xl" className="auth-card">
          <Title order={1} size="h2">
            Page not found
          </Title>
          <Text mt="sm">New studios are created on the main address, not on a studio's own site.</Text>
        </Paper>
      ) : (
        <Paper withBorder shadow="sm" p="xl" className="auth-card">
          <Title order={1} size="h2" mb="xs">
            Create your studio
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            Your website, bookings, memberships and payments in one place. It takes a minute.
          </Text>
          {intro}
          <form onSubmit={submit} noValidate aria-busy={busy}>
            <Stack>
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <TextInput
                label="Business name"
                required
                autoComplete="organization"
                {...form.getInputProps('businessName')}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  form.setFieldValue('businessName', name);
                  if (!addressTouched) form.setFieldValue('orgId', suggestOrgId(name));
                }}
              />
              <TextInput
                label="Web address"
                required
                description={`Your site will be at ${form.values.orgId || 'your-studio'}.${domain}`}
                rightSection={<Text size="xs" c="dimmed" pr="xs">{`.${domain.split(':')[0]}`}</Text>}
                rightSectionWidth={Math.min(160, 12 + domain.length * 7)}
                autoCapitalize="none"
                spellCheck={false}
                {...form.getInputProps('orgId')}
                onChange={(event) => {
                  setAddressTouched(true);
                  form.setFieldValue('orgId', event.currentTarget.value.toLowerCase());
                }}
              />
              <Group grow align="flex-start">
                <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
                <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
              </Group>
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
              <PasswordInput
                label="Password"
                required
                autoComplete="new-password"
                description="At least 8 characters."
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={busy} fullWidth>
                Create my studio
              </Button>
              {busy && (
                <Text size="sm" role="status" ta="center">
                  {step === 'checking'
                    ? 'Checking that you are human…'
                    : step === 'creating'
                      ? 'Creating your studio…'
                      : 'Opening your studio…'}
                </Text>
              )}
            </Stack>
          </form>
        </Paper>
      )}
    </>
  );
}
