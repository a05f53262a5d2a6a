import { CAMPAIGN_SEND_VIA_LABELS, type Campaign, type CampaignSenders, type CampaignSendVia } from '@atrium/contracts';
import { Alert, Button, Checkbox, Code, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { campaignKeys, campaignsApi } from './api';

// How a campaign is sent (docs/decisions/campaigns.md "Sending through the studio's choice"): the
// editor's "Send through" choice and tracking switch, and a paused campaign's reason with Resume.

const wrap = { overflowWrap: 'anywhere' } as const;
const DEFAULT = 'default';

export interface DeliveryValues {
  provider: CampaignSendVia | null;
  mailboxId: string | null;
  tracking: boolean;
}

/** "Brevo", "Connected mailbox (owner@studio.test)", "Mailchimp (Studio members)", "Email server (SMTP)". */
export function sendViaLabel(campaign: Pick<Campaign, 'sendVia' | 'mailboxId'>, senders?: CampaignSenders): string {
  const label = CAMPAIGN_SEND_VIA_LABELS[campaign.sendVia];
  if (campaign.sendVia === 'mailchimp' && senders?.mailchimp.audienceName) {
    return `${label} (${senders.mailchimp.audienceName})`;
  }
  if (campaign.sendVia !== 'mailbox') return label;
  const mailbox = senders?.mailboxes.find((m) => m.id === campaign.mailboxId);
  return mailbox ? `${label} (${mailbox.email})` : label;
}

export const useCampaignSenders = () =>
  useQuery({ queryKey: [...campaignKeys.all, 'senders'], queryFn: campaignsApi.senders, staleTime: 60_000 });

/** The editor's choice of provider (or the studio's default), the mailbox, and open and click tracking. */
export function SendThroughFields({
  value,
  onChange,
  errors,
}: {
  value: DeliveryValues;
  onChange: (next: DeliveryValues) => void;
  errors: { provider?: string; mailboxId?: string };
}) {
  const senders = useCampaignSenders();
  const data = senders.data;
  const options = [
    {
      value: DEFAULT,
      label: `The studio's default (${data ? CAMPAIGN_SEND_VIA_LABELS[data.defaultProvider] : '…'})`,
    },
    { value: 'smtp', label: CAMPAIGN_SEND_VIA_LABELS.smtp },
    {
      value: 'brevo',
      label: `${CAMPAIGN_SEND_VIA_LABELS.brevo}${data && !data.brevo.connected ? ' (not connected)' : ''}`,
    },
    { value: 'mailbox', label: CAMPAIGN_SEND_VIA_LABELS.mailbox },
    {
      value: 'mailchimp',
      label: `${CAMPAIGN_SEND_VIA_LABELS.mailchimp}${
        data && !data.mailchimp.connected
          ? ' (not connected)'
          : data?.mailchimp.audienceName
            ? ` (${data.mailchimp.audienceName})`
            : ''
      }`,
    },
  ];
  const via = value.provider ?? data?.defaultProvider;
  const mailbox = data?.mailboxes.find((m) => m.id === value.mailboxId);
  return (
    <Stack gap="sm">
      <Select
        label="Send through"
        description="Brevo sends with the studio's Brevo account; a connected mailbox sends from that Gmail or Microsoft 365 address; Mailchimp sends one Mailchimp campaign to these members of the studio's audience."
        data={options}
        value={value.provider ?? DEFAULT}
        allowDeselect={false}
        error={errors.provider}
        onChange={(next) =>
          onChange({
            ...value,
            provider: next === DEFAULT || !next ? null : (next as CampaignSendVia),
            mailboxId: next === 'mailbox' ? value.mailboxId : null,
          })
        }
      />
      {value.provider === 'mailbox' ? (
        <Select
          label="Mailbox"
          description={
            data && data.mailboxes.length === 0
              ? 'No mailbox is connected: connect one in Settings > Integrations > Connect email.'
              : undefined
          }
          placeholder="Pick a connected mailbox"
          data={(data?.mailboxes ?? []).map((m) => ({
            value: m.id,
            label: m.refused ? `${m.email} (${m.refused})` : m.email,
            disabled: !!m.refused,
          }))}
          value={value.mailboxId}
          error={errors.mailboxId ?? (mailbox?.refused || undefined)}
          onChange={(next) => onChange({ ...value, mailboxId: next })}
        />
      ) : null}
      {via === 'mailchimp' ? (
        <Text size="xs" c="dimmed">
          Mailchimp fills first and last name only, schedules on the quarter hour, and counts opens and clicks in
          Mailchimp's own report.
        </Text>
      ) : null}
      <Checkbox
        label="Count opens and clicks"
        description={
          via === 'mailchimp'
            ? "Mailchimp's open and click tracking for this campaign."
            : "Adds a tiny image and sends links through the studio's address, so the report shows who opened and clicked."
        }
        checked={value.tracking}
        onChange={(event) => onChange({ ...value, tracking: event.currentTarget.checked })}
      />
      {data?.brevoWebhookUrl && (value.provider ?? data.defaultProvider) === 'brevo' ? (
        <Text size="xs" c="dimmed" style={wrap}>
          So Brevo reports bounces, complaints and unsubscribes, add this address to Brevo's transactional webhooks
          (hard bounce, spam, unsubscribed): <Code style={wrap}>{data.brevoWebhookUrl}</Code>
        </Text>
      ) : null}
    </Stack>
  );
}

/** A paused campaign: the provider's reason, and Resume (the rest is sent, no one twice). */
export function PausedNotice({ campaign, onResumed }: { campaign: Campaign; onResumed: (next: Campaign) => void }) {
  const [busy, setBusy] = useState(false);
  if (campaign.status !== 'paused') return null;
  return (
    <Alert color="orange" title="Paused" role="status">
      <Stack gap="xs">
        <Text size="sm" style={wrap} data-testid="campaign-paused-reason">
          {campaign.pausedReason || 'The provider stopped sending.'}
        </Text>
        <Text size="sm">Fix it (Settings &gt; Integrations), then resume: those already sent are not sent again.</Text>
        <Group>
          <Button
            size="compact-sm"
            loading={busy}
            onClick={() => {
              setBusy(true);
              campaignsApi
                .resume(campaign.id)
                .then((next) => {
                  onResumed(next);
                  showSuccessToast('Sending resumed.');
                })
                .catch(() => undefined)
                .finally(() => setBusy(false));
            }}
          >
            Resume sending
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
