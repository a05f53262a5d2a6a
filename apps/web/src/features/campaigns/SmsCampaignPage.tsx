import {
  CAMPAIGN_NAME_MAX,
  type CampaignAudience,
  formatMicroUsd,
  SMS_BODY_MAX,
  SMS_MERGE_FIELDS,
  type SmsCampaign,
  smsSegments,
} from '@atrium/contracts';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink, DetailScreen } from '../../app/components/DetailScreen';
import { showServerError } from '../../app/components/FormDialog';
import { formatDateTime } from '../../lib/format';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { AudienceBuilder } from './AudienceBuilder';
import { CampaignHeading } from './CampaignHeading';
import { CampaignReportCard } from './CampaignReportCard';
import { isCountable } from './campaign-rules';
import { SmsStatusBadge } from './SmsCampaignsPage';
import { SMS_CAMPAIGNS_PATH, smsApi, smsKeys } from './sms-api';

const wrap = { overflowWrap: 'anywhere' } as const;
const MERGE_HINT = `Merge fields: ${SMS_MERGE_FIELDS.map((field) => `{{${field.name}}}`).join(', ')}. The studio's footer is added on its own line.`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** /campaign/sms/{id}: write the text, pick the audience, see segments and cost, send it, follow its pages. */
export default function SmsCampaignPage() {
  const { id = '' } = useParams();
  const tenant = useTenant();
  const campaign = useQuery({
    queryKey: smsKeys.detail(id),
    queryFn: () => smsApi.get(id),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 2000 : false),
  });
  useDocumentHead(tenant, campaign.data?.name ?? 'SMS campaign');
  const back = <BackLink to={SMS_CAMPAIGNS_PATH}>SMS campaigns</BackLink>;
  return (
    <DetailScreen
      query={campaign}
      back={back}
      loadingLabel="Loading the SMS campaign"
      notFound="SMS campaign not found."
    >
      {(data) => (
        <Stack gap="md" maw={900}>
          {back}
          <CampaignHeading name={data.name} badge={<SmsStatusBadge status={data.status} />} />
          {data.status === 'draft' ? (
            <SmsForm key={data.id} campaign={data} />
          ) : (
            <SmsSendingView campaign={data} timeZone={tenant.timezone} />
          )}
        </Stack>
      )}
    </DetailScreen>
  );
}

function useSetCampaign(id: string) {
  const client = useQueryClient();
  return (next: SmsCampaign) => {
    client.setQueryData(smsKeys.detail(id), next);
    void client.invalidateQueries({ queryKey: [...smsKeys.all, 'list'] });
  };
}

/** Recipients, those left out, segments and cost, as the text and audience change. */
function EstimatePanel({ body, audience }: { body: string; audience: CampaignAudience }) {
  const [debounced] = useDebouncedValue({ body, audience }, 300);
  const estimate = useQuery({
    queryKey: smsKeys.estimate(debounced.body, debounced.audience),
    queryFn: () => smsApi.estimate(debounced.body, debounced.audience),
    enabled: isCountable(debounced.audience),
    placeholderData: keepPreviousData,
  });
  const typed = smsSegments(body);
  if (estimate.isError) {
    return (
      <Text size="sm" c="red.8" role="status">
        {estimate.error instanceof Error ? estimate.error.message : 'The estimate could not be made.'}
      </Text>
    );
  }
  const e = estimate.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sms-estimate-title">
      <Stack gap={6} aria-live="polite">
        <Title order={2} size="h4" id="sms-estimate-title">
          Before you send
        </Title>
        <Text size="sm">
          Your text: {plural(typed.units, 'character')} ({typed.encoding}), {plural(typed.segments, 'segment')} before
          names and footer.
        </Text>
        {e ? (
          <>
            <Text size="sm" data-testid="sms-recipients">
              Texts to {plural(e.recipients, 'member')} in {plural(e.pages, 'page')} of {e.pageSize}, {e.pageWaitTime}{' '}
              min apart.
            </Text>
            <Text size="sm" data-testid="sms-left-out">
              Left out: {e.leftOutNoMobile} without a valid mobile number, {e.leftOutOptedOut} opted out (STOP).
            </Text>
            <Text size="sm" data-testid="sms-segments">
              {plural(e.segments, 'segment')} in all (up to {e.segmentsPerMessage} per text
              {e.unicodeRecipients > 0 ? `; ${e.unicodeRecipients} in Unicode, 70 characters a segment` : ''}).
            </Text>
            {e.provider ? (
              <Text size="sm" fw={600} data-testid="sms-cost">
                Estimated cost: {formatMicroUsd(e.costMicroUsd)} at {e.provider === 'twilio' ? 'Twilio' : 'Plivo'}'s
                list prices, from {e.senderId || 'your messaging service'}.
              </Text>
            ) : (
              <Alert color="orange" title="No SMS provider connected">
                <Anchor component={Link} to="/settings/integrations">
                  Connect Twilio or Plivo
                </Anchor>{' '}
                to send texts.
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              First text as sent:
            </Text>
            <Text
              size="sm"
              component="pre"
              style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0, ...wrap }}
              data-testid="sms-sample"
            >
              {e.sample}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Finish choosing the audience to see who gets the text.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function SmsForm({ campaign }: { campaign: SmsCampaign }) {
  const setCampaign = useSetCampaign(campaign.id);
  const form = useForm({
    initialValues: { name: campaign.name, body: campaign.body, audience: campaign.audience as CampaignAudience },
    validate: { name: (value) => (value.trim() ? null : 'name is required') },
  });
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const values = form.getValues();

  const save = async (): Promise<SmsCampaign | null> => {
    if (form.validate().hasErrors) return null;
    try {
      const saved = await smsApi.update(campaign.id, form.getValues());
      setCampaign(saved);
      return saved;
    } catch (error) {
      showServerError(error, (field, message) => form.setFieldError(field, message));
      return null;
    }
  };
  const send = async () => {
    setBusy('send');
    try {
      setCampaign(await smsApi.act(campaign.id, 'send'));
      showSuccessToast('Sending started.');
    } catch (error) {
      showServerError(error, (field, message) => form.setFieldError(field, message));
    } finally {
      setConfirming(false);
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput label="Campaign name" required maxLength={CAMPAIGN_NAME_MAX} {...form.getInputProps('name')} />
          <Textarea
            label="Text"
            description={MERGE_HINT}
            autosize
            minRows={3}
            maxLength={SMS_BODY_MAX}
            {...form.getInputProps('body')}
          />
          <Group gap="xs">
            {SMS_MERGE_FIELDS.map((field) => (
              <Button
                key={field.name}
                size="compact-sm"
                variant="default"
                onClick={() => form.setFieldValue('body', `${form.getValues().body}{{${field.name}}}`)}
              >
                + {field.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <AudienceBuilder
          value={values.audience}
          onChange={(audience) => form.setFieldValue('audience', audience)}
          showCount={false}
        />
        {form.errors.audience ? (
          <Text size="sm" c="red.8" mt="xs">
            {form.errors.audience}
          </Text>
        ) : null}
        {form.errors.provider ? (
          <Text size="sm" c="red.8" mt="xs">
            {form.errors.provider}
          </Text>
        ) : null}
      </Paper>
      <EstimatePanel body={values.body} audience={values.audience} />
      <Group>
        <Button
          variant="default"
          loading={busy === 'save'}
          onClick={async () => {
            setBusy('save');
            if (await save()) showSuccessToast('Saved.');
            setBusy(null);
          }}
        >
          Save draft
        </Button>
        <Button
          loading={busy === 'send'}
          onClick={async () => {
            if (await save()) setConfirming(true);
          }}
        >
          Send now
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Send this text?"
        message={
          <Text mb="lg">
            It goes out now, in pages, to every member of the audience with a mobile number who has not opted out. A
            text cannot be called back.
          </Text>
        }
        confirmLabel="Send"
        busy={busy === 'send'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
    </Stack>
  );
}

function SmsSendingView({ campaign, timeZone }: { campaign: SmsCampaign; timeZone: string }) {
  const setCampaign = useSetCampaign(campaign.id);
  const [busy, setBusy] = useState(false);
  const done = campaign.total - campaign.report.pending;
  const act = async (action: 'resume' | 'cancel', message: string) => {
    setBusy(true);
    try {
      setCampaign(await smsApi.act(campaign.id, action));
      showSuccessToast(message);
    } catch (error) {
      showServerError(error, () => undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', ...wrap }}>
            {campaign.body}
          </Text>
          <Progress
            value={campaign.total > 0 ? (done / campaign.total) * 100 : 0}
            aria-label="Texts handled"
            size="lg"
          />
          <Text size="sm" data-testid="sms-progress">
            {done} of {campaign.total} handled in {plural(campaign.pagesSent, 'page')} of {campaign.pageSize}
            {campaign.nextPageAt ? `; next page at ${formatDateTime(campaign.nextPageAt, timeZone)}` : ''}.
          </Text>
          <Text size="sm" c="dimmed">
            Left out when sending started: {campaign.leftOutNoMobile} without a valid mobile number,{' '}
            {campaign.leftOutOptedOut} opted out.
          </Text>
          {campaign.status === 'paused' && campaign.pausedReason ? (
            <Alert color="orange" title="Paused">
              {campaign.pausedReason}
            </Alert>
          ) : null}
          <Group>
            {campaign.status === 'paused' ? (
              <Button loading={busy} onClick={() => void act('resume', 'Sending resumed.')}>
                Resume
              </Button>
            ) : null}
            {campaign.status === 'sending' || campaign.status === 'paused' ? (
              <Button
                color="red"
                variant="light"
                loading={busy}
                onClick={() => void act('cancel', 'Campaign cancelled.')}
              >
                Cancel sending
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <CampaignReportCard report={campaign.report} />
    </Stack>
  );
}
