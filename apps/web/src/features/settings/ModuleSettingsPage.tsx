import {
  type AfterLastRetry,
  type ModuleSettings,
  type ModuleSettingsWrite,
  type ModuleToggle,
  waiverLinkError,
} from '@atrium/contracts';
import { Button, Card, Group, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { markWebsiteRefreshed } from '../tenant/website-refresh';
import { useModuleSettings, useSaveModules } from './hooks';
import { useIsAdmin } from './SettingsHeader';
import { ReadOnlyNotice, SettingsScreen } from './SettingsScreen';
import { ENGAGE_MODULES, MANAGE_MODULES, type ModuleToggleSpec, moduleToast } from './settings-rules';

/** /settings/display: Module Settings; every toggle saves at once (spec 2 §2, §4). */
export default function ModuleSettingsPage() {
  const studentApp = (
    <Button component={Link} to="/settings/studentapp" variant="light">
      Student App
    </Button>
  );
  return (
    <SettingsScreen title="Module Settings" what="the module settings" query={useModuleSettings()} actions={studentApp}>
      {(settings) => <ModuleForm settings={settings} />}
    </SettingsScreen>
  );
}

function ModuleForm({ settings }: { settings: ModuleSettings }) {
  const isAdmin = useIsAdmin();
  const save = useSaveModules();
  // What the switches show while a save runs (the saved value replaces it, a failure reverts it).
  const [pending, setPending] = useState<Partial<ModuleSettings>>({});
  const [waiverOpen, setWaiverOpen] = useState(false);
  const [waiverLink, setWaiverLink] = useState(settings.waiverFormLink ?? '');
  const [waiverError, setWaiverError] = useState<string | null>(null);
  const [label, setLabel] = useState(settings.registerButtonLabel);
  const [labelError, setLabelError] = useState<string | null>(null);
  const value = <K extends keyof ModuleSettings>(key: K): ModuleSettings[K] =>
    (pending[key] as ModuleSettings[K] | undefined) ?? settings[key];

  const send = (body: ModuleSettingsWrite, toastKey: Parameters<typeof moduleToast>[0], onDone?: () => void) => {
    setPending((current) => ({ ...current, ...body }));
    save.mutate(body, {
      onSuccess: () => {
        showSuccessToast(moduleToast(toastKey));
        onDone?.();
      },
      onSettled: () =>
        setPending((current) => {
          const next = { ...current };
          for (const key of Object.keys(body)) delete next[key as keyof ModuleSettings];
          return next;
        }),
    });
  };

  // a module's page joins or leaves the public menu with it: the site's config is read again
  const toggle = (key: ModuleToggle, checked: boolean) => send({ [key]: checked }, key, markWebsiteRefreshed);

  const toggleWaiver = (checked: boolean) => {
    if (checked && waiverLinkError(true, settings.waiverFormLink)) {
      // No usable link stored: ask for it first; the toggle saves with it.
      setWaiverOpen(true);
      setWaiverError('Waiver Form Link is required!');
      return;
    }
    setWaiverOpen(false);
    send({ isWaiverFormToBeSigned: checked }, 'isWaiverFormToBeSigned');
  };

  const saveWaiverLink = () => {
    const error = waiverLinkError(true, waiverLink);
    setWaiverError(error);
    if (error) return;
    send({ isWaiverFormToBeSigned: true, waiverFormLink: waiverLink.trim() }, 'waiverFormLink', () =>
      setWaiverOpen(false),
    );
  };

  const saveLabel = () => {
    const error = label.trim() ? null : 'Register Button Label is required!';
    setLabelError(error);
    if (error) {
      showErrorToast(error);
      return;
    }
    send({ registerButtonLabel: label.trim() }, 'registerButtonLabel');
  };

  const waiverShown = waiverOpen || value('isWaiverFormToBeSigned');
  const switches = (items: ModuleToggleSpec[]) =>
    items.map((item) => (
      <Switch
        key={item.key}
        label={item.label}
        checked={value(item.key)}
        disabled={!isAdmin}
        onChange={(event) => toggle(item.key, event.currentTarget.checked)}
      />
    ));

  return (
    <Stack gap="md" maw={880}>
      <ReadOnlyNotice />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Manage Modules
        </Title>
        <Text size="sm" mb="sm">
          Turning a module on adds its page (Calendar, Events, Merchandise, Donations, Forms) to your website’s menu;
          turning it off takes away a page it added.
        </Text>
        <Stack gap="sm">{switches(MANAGE_MODULES)}</Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Engage Modules
        </Title>
        <Stack gap="sm">{switches(ENGAGE_MODULES)}</Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Other Settings
        </Title>
        <Stack gap="md">
          <TwoWayChoice
            label="Multi-country members"
            options={['Yes', 'No']}
            value={value('isMultiCountrySupport')}
            disabled={!isAdmin}
            onChange={(next) => toggle('isMultiCountrySupport', next)}
          />
          <Switch
            label="Waiver Form"
            checked={waiverShown}
            disabled={!isAdmin}
            onChange={(event) => toggleWaiver(event.currentTarget.checked)}
          />
          {waiverShown ? (
            <Group align="flex-start" gap="xs">
              <TextInput
                label="Waiver Form Link"
                withAsterisk
                placeholder="https://"
                style={{ flex: 1 }}
                value={waiverLink}
                error={waiverError}
                disabled={!isAdmin}
                onChange={(event) => {
                  setWaiverLink(event.currentTarget.value);
                  setWaiverError(null);
                }}
              />
              {isAdmin ? (
                <Button mt={25} onClick={saveWaiverLink} loading={save.isPending && 'waiverFormLink' in pending}>
                  Save link
                </Button>
              ) : null}
            </Group>
          ) : null}
          <Switch
            label="Support User ID/GRN"
            checked={value('isSupportGrn')}
            disabled={!isAdmin}
            onChange={(event) => toggle('isSupportGrn', event.currentTarget.checked)}
          />
          <TwoWayChoice
            label="Calendar website view"
            options={['Monthly', 'Weekly']}
            value={value('isShowCalenderView')}
            disabled={!isAdmin}
            onChange={(next) => toggle('isShowCalenderView', next)}
          />
          <Switch
            label="Registration and purchase on the same page"
            description="A new buyer fills in your published Student Registration form as part of checkout."
            checked={value('isRegAndPurchaseOnSamePage')}
            disabled={!isAdmin}
            onChange={(event) => toggle('isRegAndPurchaseOnSamePage', event.currentTarget.checked)}
          />
          <Group align="flex-start" gap="xs">
            <TextInput
              label="Register Button Label"
              withAsterisk
              style={{ flex: 1 }}
              maxLength={40}
              value={label}
              error={labelError}
              disabled={!isAdmin}
              onChange={(event) => {
                setLabel(event.currentTarget.value);
                setLabelError(event.currentTarget.value.trim() ? null : 'Register Button Label is required!');
              }}
            />
            {isAdmin ? (
              <Button mt={25} onClick={saveLabel} disabled={label.trim() === settings.registerButtonLabel}>
                Save label
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="memberships-settings">
        <Title order={2} size="h4" mb="sm" id="memberships-settings">
          Memberships
        </Title>
        <Stack gap={6}>
          <Text fw={500} id="after-last-retry">
            After the last payment retry
          </Text>
          <Text size="sm" id="after-last-retry-help">
            When a member’s card is still declined after the last retry, the membership is suspended until they save a
            new card (the open payment is then taken once), or cancelled. The member is emailed either way.
          </Text>
          <SegmentedControl
            aria-labelledby="after-last-retry"
            aria-describedby="after-last-retry-help"
            disabled={!isAdmin}
            value={value('membershipAfterLastRetry')}
            onChange={(next) => send({ membershipAfterLastRetry: next as AfterLastRetry }, 'membershipAfterLastRetry')}
            data={[
              { value: 'suspend', label: 'Suspend' },
              { value: 'cancel', label: 'Cancel' },
            ]}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

/** A setting with two named choices; the first one means true. */
function TwoWayChoice(props: {
  label: string;
  options: [string, string];
  value: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const [on, off] = props.options;
  return (
    <Group justify="space-between">
      <Text>{props.label}</Text>
      <SegmentedControl
        aria-label={props.label}
        disabled={props.disabled}
        value={props.value ? on : off}
        onChange={(next) => props.onChange(next === on)}
        data={[on, off]}
      />
    </Group>
  );
}
