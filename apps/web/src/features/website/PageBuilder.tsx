import type { WebPage, WebPageDraftWrite } from '@atrium/contracts';
import { Button, Group, Paper, Stack, Stepper, Textarea, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconDeviceFloppy,
  IconHistory,
  IconIcons,
  IconLayoutGrid,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import {
  emptyTemplate,
  htmlTemplate,
  type PageContent,
  savedTemplate,
  storedPage,
  type TemplateChoice,
} from './builder-state';
import { Designer, type DesignerHandle } from './Designer';
import { studioDetailsOf } from './designer-blocks';
import { starterTemplate } from './designer-starters';
import { useCreatePage, usePublishPage, useSaveDraft } from './hooks';
import { IconPicker } from './IconPicker';
import { PreviewFrame } from './PreviewFrame';
import { SaveTemplateDialog } from './SaveTemplateDialog';
import { TemplatePicker } from './TemplatePicker';
import { VersionsDialog } from './VersionsDialog';
import { firstEditStep, STEPS, templatePageType } from './website-rules';

interface Props {
  name: string;
  /** The stored page, or null in 'add' mode (saving creates it). */
  page: WebPage | null;
  title: string;
  onClose: () => void;
}

/**
 * Internal mode: Select Template, Edit Page, Preview (spec 3 §2.1, §4), then Publish (issue 29: not
 * "Submit"). Save draft keeps the work without changing what visitors see; the page opens on its draft.
 */
export function PageBuilder({ name, page, title, onClose }: Props) {
  const [step, setStep] = useState<number>(() => firstEditStep(name, page?.draft ?? page));
  const [choice, setChoice] = useState<TemplateChoice>(() => (page ? storedPage(page) : emptyTemplate()));
  const [designerKey, setDesignerKey] = useState(0);
  const [header, setHeader] = useState((page?.draft ?? page)?.header ?? '');
  const [subHeader, setSubHeader] = useState((page?.draft ?? page)?.subHeader ?? '');
  const [saveTemplateOpen, setSaveTemplateOpen] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  /** The editor over the whole window (the app's header and the stepper out of the way); Escape leaves it. */
  const [fullScreen, setFullScreen] = useState(false);
  const [iconsOpen, setIconsOpen] = useState(false);
  const [stored, setStored] = useState<WebPage | null>(page);
  const designer = useRef<DesignerHandle | null>(null);
  const create = useCreatePage();
  const saveDraft = useSaveDraft();
  const publish = usePublishPage();
  const pageType = templatePageType(name);
  const tenant = useTenant();

  /** The current content: from the designer when it is open, else the raw editor's state. */
  const read = (): PageContent =>
    choice.kind === 'designer' && designer.current ? designer.current.read() : choice.content;

  const pick = (next: TemplateChoice) => {
    setChoice(next);
    setDesignerKey((key) => key + 1);
    setStep(1);
  };

  const next = () => {
    setChoice((current) => ({ ...current, content: read() }));
    setStep(2);
  };

  /** The page to save into: in 'add' mode it is created first (Private, with no content yet). */
  const ensurePage = async (): Promise<WebPage> =>
    stored ??
    (await create.mutateAsync({ name, body: { name, title, url: name } }).then((made) => {
      setStored(made);
      return made;
    }));

  /** What the designer (or the raw editor) and the heading fields hold now. */
  const draftBody = (): WebPageDraftWrite => {
    const content = step === 1 ? read() : choice.content;
    return {
      unhtml: content.html,
      style: content.css,
      unjson: choice.kind === 'designer' ? (content.projectData ?? null) : null,
      header,
      subHeader,
    };
  };

  const onSaveDraft = async () => {
    const body = draftBody();
    try {
      const target = await ensurePage();
      await saveDraft.mutateAsync({ id: target.id, body });
      showSuccessToast('Draft saved. Visitors still see the published page.');
    } catch {
      // the request's own error toast has told the owner
    }
  };

  const onPublish = async () => {
    const body = draftBody();
    try {
      const target = await ensurePage();
      const published = await publish.mutateAsync({ id: target.id, body });
      showSuccessToast(`${published.title} is published. Visitors see it now.`);
      onClose();
    } catch {
      // the request's own error toast has told the owner
    }
  };

  /** A restored version is the draft now: the builder opens it. */
  const onRestored = (restored: WebPage) => {
    setStored(restored);
    setChoice(storedPage(restored));
    setHeader(restored.draft?.header ?? restored.header);
    setSubHeader(restored.draft?.subHeader ?? restored.subHeader);
    setDesignerKey((key) => key + 1);
    setStep(1);
  };

  useEffect(() => {
    if (!fullScreen || step !== 1) return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) setFullScreen(false);
    };
    document.addEventListener('keydown', leave);
    return () => document.removeEventListener('keydown', leave);
  }, [fullScreen, step]);

  const busy = create.isPending || saveDraft.isPending || publish.isPending;
  const draftButton = (
    <Button variant="default" onClick={onSaveDraft} loading={saveDraft.isPending} disabled={busy}>
      Save draft
    </Button>
  );
  const publishButton = (
    <Button onClick={onPublish} loading={publish.isPending} disabled={busy}>
      Publish
    </Button>
  );

  const cancel = (
    <Button variant="default" onClick={onClose}>
      Cancel
    </Button>
  );
  const previous = (to: number) => (
    <Button variant="default" onClick={() => setStep(to)}>
      Previous
    </Button>
  );

  return (
    <Stack gap="md">
      <Stepper
        active={step}
        onStepClick={(index) => index < step && setStep(index)}
        size="sm"
        allowNextStepsSelect={false}
      >
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>

      {step === 0 && (
        <>
          <TemplatePicker
            pageType={pageType}
            onEmpty={() => pick(emptyTemplate())}
            onStarter={(starter) => pick(starterTemplate(starter, studioDetailsOf(tenant)))}
            onHtml={() => pick(htmlTemplate(page))}
            onTemplate={(template) => pick(savedTemplate(template))}
          />
          <Group justify="flex-end">{cancel}</Group>
        </>
      )}

      {step >= 1 && (
        <Stack
          gap="sm"
          hidden={step !== 1}
          style={step !== 1 ? { display: 'none' } : undefined}
          className={fullScreen && step === 1 ? 'atrium-builder--full' : undefined}
        >
          <Group justify="flex-end" gap="xs">
            <Tooltip label="All Templates">
              <Button variant="light" leftSection={<IconLayoutGrid size={16} />} onClick={() => setStep(0)}>
                All Templates
              </Button>
            </Tooltip>
            <Button
              variant="light"
              leftSection={fullScreen ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
              aria-pressed={fullScreen}
              onClick={() => setFullScreen((on) => !on)}
            >
              {fullScreen ? 'Exit full screen' : 'Full screen'}
            </Button>
            {choice.kind === 'designer' && (
              <Button variant="light" leftSection={<IconIcons size={16} />} onClick={() => setIconsOpen(true)}>
                Add icon
              </Button>
            )}
            {stored && (
              <Button variant="light" leftSection={<IconHistory size={16} />} onClick={() => setVersionsOpen(true)}>
                Versions
              </Button>
            )}
            <Tooltip label="Save as Template">
              <Button
                variant="light"
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={() => setSaveTemplateOpen(true)}
              >
                Save as Template
              </Button>
            </Tooltip>
          </Group>
          {choice.kind === 'designer' ? (
            <Designer key={designerKey} initial={choice.content} handleRef={designer} />
          ) : (
            <>
              <Textarea
                label="HTML"
                description="The page's HTML. Scripts never run on the public page."
                autosize
                minRows={14}
                maxRows={30}
                value={choice.content.html}
                onChange={(event) => {
                  const html = event.currentTarget.value;
                  setChoice((current) => ({ ...current, content: { ...current.content, html } }));
                }}
                styles={{ input: { fontFamily: 'ui-monospace, monospace', fontSize: 13 } }}
              />
              <Textarea
                label="CSS"
                autosize
                minRows={3}
                maxRows={12}
                value={choice.content.css}
                onChange={(event) => {
                  const css = event.currentTarget.value;
                  setChoice((current) => ({ ...current, content: { ...current.content, css } }));
                }}
                styles={{ input: { fontFamily: 'ui-monospace, monospace', fontSize: 13 } }}
              />
            </>
          )}
          <Group justify="flex-end">
            {cancel}
            {previous(0)}
            {draftButton}
            <Button onClick={next}>Next</Button>
          </Group>
        </Stack>
      )}

      {step === 2 && (
        <Stack gap="sm">
          <Group grow wrap="wrap" align="flex-start">
            <TextInput label="Page heading" value={header} onChange={(e) => setHeader(e.currentTarget.value)} />
            <TextInput label="Sub-heading" value={subHeader} onChange={(e) => setSubHeader(e.currentTarget.value)} />
          </Group>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <PreviewFrame html={choice.content.html} css={choice.content.css} header={header} subHeader={subHeader} />
          </Paper>
          <Group justify="flex-end">
            {cancel}
            {previous(1)}
            {draftButton}
            {publishButton}
          </Group>
        </Stack>
      )}

      <SaveTemplateDialog
        opened={saveTemplateOpen}
        pageType={pageType}
        read={read}
        onClose={() => setSaveTemplateOpen(false)}
      />
      <IconPicker
        opened={iconsOpen}
        onClose={() => setIconsOpen(false)}
        onPick={(html) => designer.current?.insert(html)}
      />
      {stored && (
        <VersionsDialog
          opened={versionsOpen}
          pageId={stored.id}
          onClose={() => setVersionsOpen(false)}
          onRestored={onRestored}
        />
      )}
    </Stack>
  );
}
