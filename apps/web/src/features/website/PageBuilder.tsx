import type { WebPage, WebPageWrite } from '@atrium/contracts';
import { Button, Group, Paper, Stack, Stepper, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconLayoutGrid } from '@tabler/icons-react';
import { useRef, useState } from 'react';
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
import { useCreatePage, useUpdatePage } from './hooks';
import { PreviewFrame } from './PreviewFrame';
import { SaveTemplateDialog } from './SaveTemplateDialog';
import { TemplatePicker } from './TemplatePicker';
import { firstEditStep, STEPS, templatePageType } from './website-rules';

interface Props {
  name: string;
  /** The stored page, or null in 'add' mode (saving creates it). */
  page: WebPage | null;
  title: string;
  onClose: () => void;
}

/** Internal mode: Select Template, Edit Page, Preview, then Submit (spec 3 §2.1, §4). */
export function PageBuilder({ name, page, title, onClose }: Props) {
  const [step, setStep] = useState<number>(() => firstEditStep(name, page));
  const [choice, setChoice] = useState<TemplateChoice>(() => (page ? storedPage(page) : emptyTemplate()));
  const [designerKey, setDesignerKey] = useState(0);
  const [header, setHeader] = useState(page?.header ?? '');
  const [subHeader, setSubHeader] = useState(page?.subHeader ?? '');
  const [saveTemplateOpen, setSaveTemplateOpen] = useState(false);
  const designer = useRef<DesignerHandle | null>(null);
  const create = useCreatePage();
  const update = useUpdatePage();
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

  const submit = () => {
    const content = choice.content;
    const body: WebPageWrite = {
      title,
      url: page?.url || name,
      header,
      subHeader,
      unhtml: content.html,
      style: content.css,
      unjson: choice.kind === 'designer' ? (content.projectData ?? null) : null,
    };
    if (page) {
      update.mutate(
        { id: page.id, body },
        {
          onSuccess: () => {
            showSuccessToast('Updated successfully.');
            onClose();
          },
        },
      );
    } else {
      create.mutate(
        { name, body: { ...body, name } },
        {
          onSuccess: (created) => {
            showSuccessToast(`${created.title} page added.`);
            onClose();
          },
        },
      );
    }
  };

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
        <Stack gap="sm" hidden={step !== 1} style={step !== 1 ? { display: 'none' } : undefined}>
          <Group justify="flex-end" gap="xs">
            <Tooltip label="All Templates">
              <Button variant="light" leftSection={<IconLayoutGrid size={16} />} onClick={() => setStep(0)}>
                All Templates
              </Button>
            </Tooltip>
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
            <Button onClick={submit} loading={create.isPending || update.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      )}

      <SaveTemplateDialog
        opened={saveTemplateOpen}
        pageType={pageType}
        read={read}
        onClose={() => setSaveTemplateOpen(false)}
      />
    </Stack>
  );
}
