import {
  CAMPAIGN_MERGE_FIELDS,
  CAMPAIGN_SUBJECT_MAX,
  type Campaign,
  type CampaignPreview,
  type DesignTemplate,
} from '@atrium/contracts';
import {
  Alert,
  Box,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink, DetailScreen } from '../../app/components/DetailScreen';
import { FormActions, showServerError } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { campaignKeys, campaignsApi } from './api';
import { campaignPath, isEditable } from './campaign-rules';
import { designApi, designKeys } from './design-api';
import { designerMjml, PREVIEW_WIDTHS, type PreviewDevice } from './design-rules';
import { type DesignerBlock, MjmlDesigner, type MjmlDesignerHandle } from './MjmlDesigner';
import { SendTestButton } from './SendTestButton';
import { useRunning } from './useRunning';

const wrap = { overflowWrap: 'anywhere' } as const;
const MERGE_HINT = `Merge fields, in the subject and in any text: ${CAMPAIGN_MERGE_FIELDS.map((field) => `{{${field.name}}}`).join(', ')}.`;

/** What a new design starts as before a template is picked. */
const BLANK_MJML = `<mjml lang="en"><mj-body background-color="#f4f4f5"><mj-section background-color="#ffffff"><mj-column><mj-text font-size="16px" line-height="1.6">Hello {{firstName}},</mj-text></mj-column></mj-section></mj-body></mjml>`;

/** /campaign/{id}/design: the campaign's email, designed from blocks (MJML), previewed, tested and saved. */
export default function CampaignDesignerPage() {
  const { id = '' } = useParams();
  const tenant = useTenant();
  const campaign = useQuery({ queryKey: campaignKeys.detail(id), queryFn: () => campaignsApi.get(id) });
  useDocumentHead(tenant, campaign.data ? `Design: ${campaign.data.name}` : 'Design');
  const back = <BackLink to={campaignPath(id)}>Back to the campaign</BackLink>;
  return (
    <DetailScreen query={campaign} back={back} loadingLabel="Loading the campaign" notFound="Campaign not found.">
      {(data) => (
        <Stack gap="md">
          {back}
          <Title order={1} size="h2" style={wrap}>
            Design: {data.name}
          </Title>
          {isEditable(data.status) ? (
            <DesignerForm key={data.id} campaign={data} />
          ) : (
            <Alert color="blue" title="This campaign is no longer a draft">
              Its email went out as it was; copy it into a new campaign to change it.
            </Alert>
          )}
        </Stack>
      )}
    </DetailScreen>
  );
}

interface TemplateChoice {
  template: DesignTemplate;
  group: string;
}

function DesignerForm({ campaign }: { campaign: Campaign }) {
  const tenant = useTenant();
  const client = useQueryClient();
  const handle = useRef<MjmlDesignerHandle | null>(null);
  const studio = useMemo(
    () => ({
      name: tenant.name,
      themeColor: tenant.org.themeColor,
      logo: tenant.org.logo ?? tenant.logo,
      origin: window.location.origin,
    }),
    [tenant],
  );
  const starters = useQuery({ queryKey: designKeys.starters, queryFn: designApi.starters });
  const saved = useQuery({ queryKey: designKeys.saved, queryFn: () => designApi.saved(tenant.orgId) });
  const categories = useQuery({ queryKey: designKeys.categories, queryFn: designApi.categories });
  const widgets = useQuery({ queryKey: designKeys.widgets, queryFn: designApi.widgets });

  const [subject, setSubject] = useState(campaign.subject);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [designError, setDesignError] = useState<string | null>(null);
  /** The design the canvas opened with; a new template remounts the canvas (its key). */
  const [opened, setOpened] = useState({
    key: 0,
    mjml: campaign.bodyMjml || BLANK_MJML,
    design: campaign.bodyMjml ? campaign.design : null,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<DesignTemplate | null>(null);
  const running = useRunning();
  const { busy, run } = running;
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  const [device, setDevice] = useState<PreviewDevice>('phone');
  const [savingTemplate, setSavingTemplate] = useState(false);

  const choices: TemplateChoice[] = useMemo(() => {
    const categoryName = new Map((categories.data?.data ?? []).map((c) => [c._id, c.name]));
    return [
      ...(starters.data?.data ?? []).map((template) => ({
        template,
        group: `Starter templates: ${categoryName.get(template.category) ?? 'Other'}`,
      })),
      ...(saved.data?.data ?? []).map((template) => ({ template, group: 'Saved templates' })),
    ];
  }, [starters.data, saved.data, categories.data]);
  const selectData = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const { template, group } of choices) {
      groups.set(group, [...(groups.get(group) ?? []), { value: template._id, label: template.name }]);
    }
    return [...groups.entries()].map(([group, items]) => ({ group, items }));
  }, [choices]);
  const blocks: DesignerBlock[] | null = widgets.data
    ? widgets.data.data.map((w) => ({ id: w._id, label: w.name, mjml: designerMjml(w.mjml, studio) }))
    : null;

  const startFrom = (template: DesignTemplate) => {
    setOpened((current) => ({
      key: current.key + 1,
      mjml: designerMjml(template.mjml, studio),
      design: template.unjson,
    }));
    setDesignError(null);
    setReplacing(null);
    showSuccessToast(`Started from ${template.name}.`);
  };

  const read = () => handle.current?.read() ?? null;

  const onError = (error: unknown) =>
    showServerError(error, (field, message) => {
      if (field === 'subject') setSubjectError(message);
      else setDesignError(message);
    });

  /** Saves the subject and the design; a refusal lands by its field. */
  const save = async (): Promise<Campaign | null> => {
    const current = read();
    if (!current) return null;
    setSubjectError(null);
    setDesignError(null);
    try {
      const next = await campaignsApi.update(campaign.id, {
        name: campaign.name,
        subject,
        fromName: campaign.fromName,
        replyTo: campaign.replyTo,
        bodyHtml: '',
        bodyMjml: current.mjml,
        design: current.design,
        audience: campaign.audience,
        provider: campaign.provider,
        mailboxId: campaign.mailboxId,
        tracking: campaign.tracking,
      });
      client.setQueryData(campaignKeys.detail(campaign.id), next);
      void client.invalidateQueries({ queryKey: [...campaignKeys.all, 'list'] });
      return next;
    } catch (error) {
      onError(error);
      return null;
    }
  };

  const showPreview = () =>
    run('preview', async () => {
      const current = read();
      if (!current) return;
      setDesignError(null);
      try {
        setPreview(await designApi.preview({ subject, bodyMjml: current.mjml }));
      } catch (error) {
        onError(error);
      }
    });

  const widthLabel = `${PREVIEW_WIDTHS[device]} px`;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput
            label="Subject"
            description={MERGE_HINT}
            maxLength={CAMPAIGN_SUBJECT_MAX}
            value={subject}
            error={subjectError}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              setSubjectError(null);
            }}
          />
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label="Start from a template"
              placeholder={starters.isPending ? 'Loading templates…' : 'Pick a template'}
              data={selectData}
              value={picked}
              onChange={setPicked}
              searchable
              maw={420}
              w="100%"
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              variant="default"
              disabled={!picked}
              onClick={() => {
                const choice = choices.find((c) => c.template._id === picked);
                if (choice) setReplacing(choice.template);
              }}
            >
              Use this template
            </Button>
          </Group>
        </Stack>
      </Paper>
      {designError ? (
        <Alert color="red" title="The design cannot be used yet" role="alert">
          <Text size="sm" style={wrap}>
            {designError}
          </Text>
        </Alert>
      ) : null}
      {blocks ? (
        <MjmlDesigner
          key={opened.key}
          initial={{ mjml: opened.mjml, design: opened.design }}
          widgets={blocks}
          handleRef={handle}
        />
      ) : (
        <Loader aria-label="Loading the designer" />
      )}
      <Group wrap="wrap" gap="sm">
        <Button
          loading={busy === 'save'}
          onClick={() =>
            run('save', async () => {
              if (await save()) showSuccessToast('Design saved.');
            })
          }
        >
          Save
        </Button>
        <Button variant="default" loading={busy === 'preview'} onClick={() => void showPreview()}>
          Preview email
        </Button>
        <SendTestButton campaignId={campaign.id} running={running} save={save} />
        <Button variant="default" onClick={() => setSavingTemplate(true)}>
          Save as template
        </Button>
      </Group>

      <ConfirmDialog
        opened={replacing !== null}
        title="Use this template"
        message={
          <Text mb="lg" style={wrap}>
            Replace the design on the canvas with {replacing?.name}? Changes not saved are lost.
          </Text>
        }
        confirmLabel="Replace"
        cancelLabel="Back"
        onCancel={() => setReplacing(null)}
        onConfirm={() => {
          if (replacing) startFrom(replacing);
        }}
      />

      <Modal opened={preview !== null} onClose={() => setPreview(null)} title="Email preview" size="auto">
        {preview ? (
          <Stack gap="sm">
            <Text size="sm" style={wrap}>
              <strong>Subject:</strong> {preview.subject}
            </Text>
            <SegmentedControl
              aria-label="Preview width"
              value={device}
              onChange={(value) => setDevice(value as PreviewDevice)}
              data={[
                { value: 'phone', label: 'Phone' },
                { value: 'desktop', label: 'Desktop' },
              ]}
            />
            {/* Scrolls when the frame is wider than the screen (a phone): a tab stop, so the keyboard scrolls it too. */}
            <Box
              style={{ overflow: 'auto', maxWidth: '100%' }}
              tabIndex={0}
              role="region"
              aria-label={`The email at ${widthLabel}`}
            >
              <iframe
                title={`Email preview at ${device} width (${widthLabel})`}
                srcDoc={preview.html}
                sandbox="allow-scripts"
                width={PREVIEW_WIDTHS[device]}
                height={560}
                style={{ border: '1px solid var(--mantine-color-gray-4)', display: 'block', background: '#fff' }}
              />
            </Box>
            <details>
              <summary>Plain-text part</summary>
              <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto' }}>
                {preview.text}
              </Code>
            </details>
          </Stack>
        ) : null}
      </Modal>

      <SaveTemplateDialog
        opened={savingTemplate}
        onClose={() => setSavingTemplate(false)}
        categories={(categories.data?.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
        read={read}
        onSaved={() => void client.invalidateQueries({ queryKey: designKeys.saved })}
      />
    </Stack>
  );
}

function SaveTemplateDialog({
  opened,
  onClose,
  categories,
  read,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  categories: { value: string; label: string }[];
  read: () => { mjml: string; design: Record<string, unknown> } | null;
  onSaved: () => void;
}) {
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const close = () => {
    setName('');
    setCategory(null);
    setErrors({});
    onClose();
  };
  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: 'name is required' });
      return;
    }
    const current = read();
    if (!current) return;
    setBusy(true);
    try {
      const template = await designApi.saveTemplate({
        name: name.trim(),
        type: 'email',
        category: category ?? '',
        mjml: current.mjml,
        unjson: current.design,
      });
      showSuccessToast(`Template ${template.name} saved.`);
      onSaved();
      close();
    } catch (error) {
      showServerError(error, (field, message) => setErrors({ [field]: message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Save as template">
      <form
        aria-label="Save as template"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Template name"
            required
            maxLength={200}
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Select
            label="Category"
            placeholder="No category"
            data={categories}
            value={category}
            onChange={setCategory}
            clearable
            error={errors.category}
            comboboxProps={{ withinPortal: true }}
          />
          {errors.mjml ? (
            <Text size="sm" c="red" role="alert" style={wrap}>
              {errors.mjml}
            </Text>
          ) : null}
          <FormActions onCancel={close} pending={busy} submitLabel="Save template" />
        </Stack>
      </form>
    </Modal>
  );
}
