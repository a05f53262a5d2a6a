import {
  CAMPAIGN_MERGE_FIELDS,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_SUBJECT_MAX,
  type Campaign,
  type CampaignAudience,
  type CampaignInput,
} from '@atrium/contracts';
import { Button, Group, Menu, Paper, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RichTextEditor } from '@mantine/tiptap';
import { IconBraces } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink, DetailScreen } from '../../app/components/DetailScreen';
import { showServerError } from '../../app/components/FormDialog';
import { formatDateTime } from '../../lib/format';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { RichTextField } from '../forms/RichTextField';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { AudienceBuilder } from './AudienceBuilder';
import { campaignKeys, campaignsApi } from './api';
import { PausedNotice, SendThroughFields, sendViaLabel, useCampaignSenders } from './CampaignDelivery';
import { CampaignHeading } from './CampaignHeading';
import { EmailCampaignReport } from './CampaignReportCard';
import { CampaignStatusBadge } from './CampaignsPage';
import {
  audienceSummary,
  CAMPAIGNS_PATH,
  contactsLabel,
  formFieldOf,
  isCancellable,
  isEditable,
  progressLabel,
  progressPercent,
} from './campaign-rules';
import { campaignDesignPath } from './design-rules';
import { SendTestButton } from './SendTestButton';
import { useRunning } from './useRunning';

const wrap = { overflowWrap: 'anywhere' } as const;
const MERGE_HINT = `Merge fields: ${CAMPAIGN_MERGE_FIELDS.map((field) => `{{${field.name}}}`).join(', ')}.`;

function MergeFieldMenu({ editor }: { editor: Editor | null }) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <RichTextEditor.Control aria-label="Insert merge field" title="Insert merge field" px={6}>
          <Group gap={4} wrap="nowrap">
            <IconBraces size={16} aria-hidden />
            <Text size="xs">Merge field</Text>
          </Group>
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        {CAMPAIGN_MERGE_FIELDS.map((field) => (
          <Menu.Item key={field.name} onClick={() => editor?.chain().focus().insertContent(`{{${field.name}}}`).run()}>
            {field.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** /campaign/{id}: write the campaign, pick its audience, test it, send or schedule it, follow its sending. */
export default function CampaignEditorPage() {
  const { id = '' } = useParams();
  const tenant = useTenant();
  const campaign = useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: () => campaignsApi.get(id),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 2000 : false),
  });
  useDocumentHead(tenant, campaign.data?.name ?? 'Campaign');
  const back = <BackLink to={CAMPAIGNS_PATH}>Campaigns</BackLink>;
  return (
    <DetailScreen query={campaign} back={back} loadingLabel="Loading the campaign" notFound="Campaign not found.">
      {(data) => (
        <Stack gap="md" maw={900}>
          {back}
          <CampaignHeading name={data.name} badge={<CampaignStatusBadge status={data.status} />} />
          {isEditable(data.status) ? (
            <CampaignForm key={data.id} campaign={data} timeZone={tenant.timezone} />
          ) : (
            <>
              <SendingView campaign={data} timeZone={tenant.timezone} />
              <EmailCampaignReport campaignId={data.id} sending={data.status === 'sending'} />
            </>
          )}
        </Stack>
      )}
    </DetailScreen>
  );
}

type Confirming = { kind: 'send' | 'schedule' | 'cancel'; count: number | null } | null;

function useCampaignUpdate(id: string) {
  const client = useQueryClient();
  return (next: Campaign) => {
    client.setQueryData(campaignKeys.detail(id), next);
    void client.invalidateQueries({ queryKey: [...campaignKeys.all, 'list'] });
  };
}

function CampaignForm({ campaign, timeZone }: { campaign: Campaign; timeZone: string }) {
  const setCampaign = useCampaignUpdate(campaign.id);
  const form = useForm({
    initialValues: {
      name: campaign.name,
      subject: campaign.subject,
      fromName: campaign.fromName,
      replyTo: campaign.replyTo,
      bodyHtml: campaign.bodyHtml,
      bodyMjml: campaign.bodyMjml,
      design: campaign.design,
      audience: campaign.audience as CampaignAudience,
      provider: campaign.provider,
      mailboxId: campaign.mailboxId,
      tracking: campaign.tracking,
      scheduledAt: '',
    },
    validate: {
      name: (value) => (value.trim() ? null : 'name is required'),
    },
  });
  const running = useRunning();
  const { busy, run } = running;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const navigate = useNavigate();

  const input = (): CampaignInput => {
    const { scheduledAt: _, ...values } = form.getValues();
    return values;
  };
  /** Saves the form; a refusal lands under its field. */
  const save = async (): Promise<Campaign | null> => {
    if (form.validate().hasErrors) return null;
    try {
      const saved = await campaignsApi.update(campaign.id, input());
      setCampaign(saved);
      return saved;
    } catch (error) {
      showServerError(error, (field, message) => form.setFieldError(formFieldOf(field), message));
      return null;
    }
  };
  const confirm = (kind: 'send' | 'schedule') =>
    run(kind, async () => {
      if (kind === 'schedule' && !form.getValues().scheduledAt) {
        form.setFieldError('scheduledAt', 'scheduledAt is required: pick a date and time.');
        return;
      }
      const saved = await save();
      if (!saved) return;
      setConfirming({ kind, count: saved.audienceSize });
    });

  const act = (what: string, call: () => Promise<Campaign>, done: string) =>
    run(what, async () => {
      try {
        setCampaign(await call());
        showSuccessToast(done);
        setConfirming(null);
      } catch (error) {
        setConfirming(null);
        showServerError(error, (field, message) => form.setFieldError(formFieldOf(field), message));
      }
    });

  const when = form.getValues().scheduledAt;
  const audienceError = form.errors.audience;
  return (
    <Stack gap="md">
      <PagePanel>
        <TextInput label="Campaign name" required maxLength={CAMPAIGN_NAME_MAX} {...form.getInputProps('name')} />
        <TextInput
          label="Subject"
          description={MERGE_HINT}
          maxLength={CAMPAIGN_SUBJECT_MAX}
          {...form.getInputProps('subject')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="From name"
            description="Shown as the sender; the studio's name when empty."
            maxLength={100}
            {...form.getInputProps('fromName')}
          />
          <TextInput
            label="Reply-to email"
            description="Where replies go; the studio's email when empty."
            type="email"
            {...form.getInputProps('replyTo')}
          />
        </SimpleGrid>
        {campaign.bodyMjml ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">The message is designed with blocks in the email designer.</Text>
            <Button component={Link} to={campaignDesignPath(campaign.id)} variant="light">
              Open the designer
            </Button>
          </Group>
        ) : (
          <>
            <RichTextField
              label="Message"
              value={campaign.bodyHtml}
              onChange={(html) => form.setFieldValue('bodyHtml', html)}
              controls={(editor) => <MergeFieldMenu editor={editor} />}
            />
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                loading={busy === 'design'}
                onClick={() =>
                  run('design', async () => {
                    if (await save()) void navigate(campaignDesignPath(campaign.id));
                  })
                }
              >
                Design the email with blocks instead
              </Button>
            </Group>
          </>
        )}
        {form.errors.bodyHtml || form.errors.bodyMjml ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.bodyHtml || form.errors.bodyMjml}
          </Text>
        ) : null}
      </PagePanel>
      <PagePanel title="Audience">
        <AudienceBuilder
          value={form.getValues().audience}
          onChange={(audience) => {
            form.setFieldValue('audience', audience);
            form.clearFieldError('audience');
          }}
        />
        {audienceError ? (
          <Text size="sm" c="red" role="alert">
            {audienceError}
          </Text>
        ) : null}
      </PagePanel>
      <PagePanel title="Send">
        <SendThroughFields
          value={{
            provider: form.getValues().provider,
            mailboxId: form.getValues().mailboxId,
            tracking: form.getValues().tracking,
          }}
          onChange={(next) => {
            form.setValues(next);
            form.clearFieldError('provider');
            form.clearFieldError('mailboxId');
          }}
          errors={{ provider: form.errors.provider as string, mailboxId: form.errors.mailboxId as string }}
        />
        {campaign.status === 'scheduled' && campaign.scheduledAt ? (
          <Text size="sm">Scheduled for {formatDateTime(campaign.scheduledAt, timeZone)}.</Text>
        ) : null}
        <Group wrap="wrap" gap="sm">
          <Button
            variant="default"
            loading={busy === 'save'}
            onClick={() =>
              run('save', async () => {
                if (await save()) showSuccessToast('Campaign saved.');
              })
            }
          >
            Save
          </Button>
          <SendTestButton campaignId={campaign.id} running={running} save={save} />
          <Button loading={busy === 'send'} onClick={() => void confirm('send')}>
            Send now
          </Button>
        </Group>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            type="datetime-local"
            label={`Send at (studio time, ${timeZone})`}
            {...form.getInputProps('scheduledAt')}
          />
          <Button variant="light" loading={busy === 'schedule'} onClick={() => void confirm('schedule')}>
            Schedule
          </Button>
          {campaign.status === 'scheduled' ? (
            <Button variant="subtle" color="red" onClick={() => setConfirming({ kind: 'cancel', count: null })}>
              Cancel schedule
            </Button>
          ) : null}
        </Group>
      </PagePanel>
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming?.kind === 'send' ? 'Send now' : confirming?.kind === 'schedule' ? 'Schedule' : 'Cancel schedule'
        }
        message={
          <Text mb="lg" style={wrap}>
            {confirming?.kind === 'cancel'
              ? `Cancel ${campaign.name}? It will not be sent.`
              : `${confirming?.kind === 'send' ? 'Send' : `Schedule for ${when.replace('T', ' ')}:`} ${campaign.name} to ${contactsLabel(confirming?.count ?? 0)} (${audienceSummary(form.getValues().audience)})?`}
          </Text>
        }
        confirmLabel={confirming?.kind === 'send' ? 'Send' : confirming?.kind === 'schedule' ? 'Schedule' : 'Cancel it'}
        cancelLabel="Back"
        danger={confirming?.kind === 'cancel'}
        busy={busy !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.kind === 'send') void act('send', () => campaignsApi.send(campaign.id), 'Sending started.');
          else if (confirming?.kind === 'schedule')
            void act('schedule', () => campaignsApi.schedule(campaign.id, when), 'Campaign scheduled.');
          else void act('cancel', () => campaignsApi.cancel(campaign.id), 'Campaign cancelled.');
        }}
      />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={wrap}>
        {children}
      </Text>
    </div>
  );
}

/** Sending, sent or cancelled: what went, to whom, and the progress (with Cancel while sending). */
function SendingView({ campaign, timeZone }: { campaign: Campaign; timeZone: string }) {
  const setCampaign = useCampaignUpdate(campaign.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const senders = useCampaignSenders();
  const percent = progressPercent(campaign);
  return (
    <PagePanel>
      <PausedNotice campaign={campaign} onResumed={setCampaign} />
      <Progress value={percent} aria-label={`Sent ${progressLabel(campaign)}`} size="lg" />
      <Text size="sm" fw={500} aria-live="polite" data-testid="campaign-progress">
        {progressLabel(campaign)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fact label="Subject">{campaign.subject}</Fact>
        <Fact label="Sent through">{sendViaLabel(campaign, senders.data)}</Fact>
        <Fact label="Audience">
          {audienceSummary(campaign.audience)} ({contactsLabel(campaign.total)})
        </Fact>
        {campaign.startedAt ? <Fact label="Started">{formatDateTime(campaign.startedAt, timeZone)}</Fact> : null}
        {campaign.finishedAt ? <Fact label="Finished">{formatDateTime(campaign.finishedAt, timeZone)}</Fact> : null}
        {campaign.cancelledAt ? <Fact label="Cancelled">{formatDateTime(campaign.cancelledAt, timeZone)}</Fact> : null}
      </SimpleGrid>
      {isCancellable(campaign.status) ? (
        <Group>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Cancel sending
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Cancel sending"
        message={
          <Text mb="lg">Stop sending {campaign.name}? Emails already sent stay sent; nobody else receives it.</Text>
        }
        confirmLabel="Stop sending"
        cancelLabel="Back"
        danger
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setBusy(true);
          campaignsApi
            .cancel(campaign.id)
            .then((next) => {
              setCampaign(next);
              showSuccessToast('Sending stopped.');
            })
            .catch(() => undefined)
            .finally(() => {
              setBusy(false);
              setConfirming(false);
            });
        }}
      />
    </PagePanel>
  );
}

/** A part of the campaign's page: a bordered panel, under its heading when it has one. */
function PagePanel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {title ? (
          <Title order={2} size="h4">
            {title}
          </Title>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
