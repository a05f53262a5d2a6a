import {
  BUSINESS_SIZES,
  BUSINESS_TYPES,
  ONBOARDING_MARKETS,
  ONBOARDING_PRODUCTS,
  ONBOARDING_TEXTS,
  ONBOARDING_TIMEZONES,
  type OnboardingState,
  type OnboardingWrite,
  timeZoneChoices,
} from '@atrium/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { revealApp } from '../../app/app-prepaint';
import { refreshTenantAndAccount } from '../session/session-actions';
import { useSession } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ImageSetting } from '../website-settings/ImageSetting';
import { onboardingApi } from './api';
import { browserTimeZone, firstDraft } from './onboarding-draft';
import { PhoneField } from './PhoneField';
import './onboarding.css';

const STEP_TITLES = [ONBOARDING_TEXTS.step1, ONBOARDING_TEXTS.step2, ONBOARDING_TEXTS.step3];
const dialCodeOf = (country: string) => ONBOARDING_MARKETS.find((m) => m.code === country)?.dialCode ?? '+1';
const COURSES_ALWAYS_ON = 'Always on: every studio can create and sell courses.';

/**
 * Spec 3 §2.4 onboarding: a three-step linear wizard for a new studio's admin. Next saves the
 * step's data, then advances (spec 3 §4); the last step ends the wizard and opens the dashboard.
 */
export default function OnboardingPage() {
  const { tenant, user } = useSession();
  useDocumentHead(tenant, 'Onboarding');
  useEffect(revealApp, []);
  const navigate = useNavigate();
  const state = useQuery({ queryKey: ['onboarding'], queryFn: onboardingApi.state });
  const [step, setStep] = useState<number | null>(null);
  const [draft, setDraft] = useState<OnboardingState | null>(null);
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);

  useEffect(() => {
    if (state.data && draft === null) {
      setDraft(firstDraft(state.data, browserTimeZone()));
      setStep(Math.min(2, Math.max(0, state.data.onBoardingStep)));
    }
  }, [state.data, draft]);

  if (state.isError) {
    return (
      <main className="onboarding">
        <Text role="alert">The set-up could not be loaded. Please reload the page.</Text>
      </main>
    );
  }
  if (!draft || step === null || !user) {
    return (
      <main className="onboarding">
        <Loader aria-label="Loading" />
      </main>
    );
  }

  if (user.role !== 'admin') {
    return (
      <main className="onboarding">
        <Paper className="onboarding__panel" withBorder p="xl">
          <Title order={1} size="h2">
            Onboarding
          </Title>
          <Text mt="sm">{tenant?.name ?? 'Your studio'} is still being set up by its administrator.</Text>
          <Button component={Link} to="/dashboard" mt="md">
            Go to the dashboard
          </Button>
        </Paper>
      </main>
    );
  }

  const set = (patch: Partial<OnboardingState>) => setDraft({ ...draft, ...patch });

  /** Spec 3 §5 "Onboarding": each step's required fields, checked before it is saved. */
  const problem = (): string | null => {
    if (step === 0 && !draft.businessType) return ONBOARDING_TEXTS.businessType;
    if (step === 0 && !draft.businessSize) return ONBOARDING_TEXTS.businessSize;
    if (step === 1) {
      setPhoneError(draft.phone ? null : ONBOARDING_TEXTS.phoneRequired);
      if (!draft.name.trim() || !draft.timezone || !draft.country || !draft.phone)
        return ONBOARDING_TEXTS.requiredFields;
    }
    return null;
  };

  const bodyOf = (): OnboardingWrite => {
    if (step === 0)
      return {
        onBoardingStep: 0,
        businessType: draft.businessType,
        businessSize: draft.businessSize,
        businessReferer: draft.businessReferer,
      };
    if (step === 1)
      return {
        onBoardingStep: 1,
        name: draft.name.trim(),
        logo: draft.logo ?? '',
        phone: draft.phone,
        timezone: draft.timezone,
        address: { country: draft.country },
        companyUrl: draft.companyUrl.trim(),
      };
    return { onBoardingStep: 2, products: draft.products, isNewTenant: false };
  };

  const next = async () => {
    const blocked = problem();
    setAlert(blocked);
    if (blocked) return;
    setSaving(true);
    try {
      const saved = await onboardingApi.saveStep(bodyOf());
      if (step === 2) {
        await refreshTenantAndAccount();
        navigate('/dashboard', { replace: true });
        return;
      }
      setDraft({ ...draft, onBoardingStep: saved.onBoardingStep });
      setStep(step + 1);
    } catch {
      // Spec 3 §8: an onboarding save failure shows nothing; the step stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="onboarding">
      <aside className="onboarding__greeting" aria-label="Welcome">
        <Title order={2} size="h3">
          Welcome, {user.name}
        </Title>
        <Text>{user.email}</Text>
        <Text size="sm" mt="md">
          A few questions to set up {tenant?.name ?? 'your studio'}. You can change every answer later in Settings.
        </Text>
      </aside>
      <Paper className="onboarding__panel" withBorder p="xl">
        <Stepper active={step} size="sm" allowNextStepsSelect={false} mb="lg" aria-label="Set-up steps">
          {STEP_TITLES.map((title) => (
            <Stepper.Step key={title} label={title} />
          ))}
        </Stepper>
        <Title order={1} size="h2" mb="md">
          {STEP_TITLES[step]}
        </Title>
        {alert && (
          <Alert color="red" role="alert" mb="md">
            {alert}
          </Alert>
        )}
        {step === 0 && (
          <Stack>
            <Radio.Group
              label="What describes your business?"
              required
              value={draft.businessType}
              onChange={(value) => set({ businessType: value })}
            >
              <Group mt="xs">
                {BUSINESS_TYPES.map((type) => (
                  <Radio key={type.value} value={type.value} label={type.label} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group
              label="How many people work in your organization?"
              required
              value={draft.businessSize}
              onChange={(value) => set({ businessSize: value })}
            >
              <Group mt="xs">
                {BUSINESS_SIZES.map((size) => (
                  <Radio key={size} value={size} label={size} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              label="How did you hear about us?"
              value={draft.businessReferer}
              onChange={(event) => set({ businessReferer: event.currentTarget.value })}
            />
          </Stack>
        )}
        {step === 1 && (
          <Stack>
            <TextInput
              label="Business name"
              required
              value={draft.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
            />
            <ImageSetting
              label="Logo"
              value={draft.logo ?? ''}
              previewHeight={48}
              imageOnly
              onChange={(value) => set({ logo: value })}
              onUploaded={async (url) => set({ logo: url })}
            />
            <NativeSelect
              label="Country"
              required
              value={draft.country}
              data={[
                ...(draft.country ? [] : [{ value: '', label: 'Choose your country', disabled: true }]),
                ...ONBOARDING_MARKETS.map((market) => ({ value: market.code, label: market.name })),
              ]}
              onChange={(event) => {
                const country = event.currentTarget.value;
                const zone = ONBOARDING_TIMEZONES.find((z) => z.country === country)?.value ?? draft.timezone;
                set({ country, timezone: zone });
              }}
            />
            <PhoneField
              key={draft.country}
              label="Phone"
              initial={draft.phone}
              defaultCode={dialCodeOf(draft.country)}
              error={phoneError}
              onChange={(phone) => {
                set({ phone });
                if (phone) setPhoneError(null);
              }}
            />
            <Select
              label="Time zone"
              required
              searchable
              allowDeselect={false}
              nothingFoundMessage="No time zone by that name"
              value={draft.timezone}
              data={timeZoneChoices(
                ONBOARDING_TIMEZONES.filter((z) => z.country === draft.country).map((z) => z.value),
                draft.timezone,
              )}
              onChange={(value) => value && set({ timezone: value })}
            />
            <TextInput
              label="Website"
              type="url"
              placeholder="https://"
              value={draft.companyUrl}
              onChange={(event) => set({ companyUrl: event.currentTarget.value })}
            />
          </Stack>
        )}
        {step === 2 && (
          <Stack gap="sm" role="group" aria-label="Products you offer">
            {ONBOARDING_PRODUCTS.map((product) => (
              <Switch
                key={product.key}
                label={product.label}
                color="teal.8"
                checked={product.alwaysOn || draft.products[product.key] === true}
                disabled={product.alwaysOn}
                description={product.alwaysOn ? COURSES_ALWAYS_ON : undefined}
                onChange={(event) =>
                  set({ products: { ...draft.products, [product.key]: event.currentTarget.checked } })
                }
              />
            ))}
          </Stack>
        )}
        <Group justify="space-between" mt="xl">
          <Button variant="default" disabled={step === 0 || saving} onClick={() => setStep(step - 1)}>
            Back
          </Button>
          <Button onClick={() => void next()} loading={saving}>
            {step === 2 ? 'Finish' : 'Next'}
          </Button>
        </Group>
      </Paper>
    </main>
  );
}
