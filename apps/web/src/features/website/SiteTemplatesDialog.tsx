import {
  brandAccentCss,
  buildSiteTemplate,
  SITE_CSS,
  SITE_TEMPLATE_PAGES,
  SITE_TEMPLATES,
  type SiteTemplate,
  type SiteTemplatePage,
  siteThemeCss,
  siteThemeOf,
  type TenantConfig,
  type WebPage,
  type WebPageDraftWrite,
  type WebPageListItem,
  type WebPageWrite,
} from '@atrium/contracts';
import { Button, Card, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { studioDetailsOf } from './designer-blocks';
import { useCreatePage, useSaveDraft, useWebsitePages } from './hooks';

/** The template's page as a document wearing the site: its stylesheet, the studio's accent and theme. */
export function templateDocument(page: SiteTemplatePage, tenant: Pick<TenantConfig, 'org'>): string {
  const theme = brandAccentCss(tenant.org) + siteThemeCss(tenant.org, siteThemeOf(tenant.org.siteTheme));
  return `<!doctype html><html><head><meta charset="utf-8"><style>${SITE_CSS}${page.css}${theme}</style></head><body><main style="padding:24px 16px">${page.html}</main></body></html>`;
}

const pageNames = SITE_TEMPLATE_PAGES.map((page) => page.title)
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');

/**
 * Writes each page of the template as that page's draft, making a missing About or Contact page first (Private,
 * as every new page). The published pages are not touched: visitors see them until each page is published.
 */
export async function applySiteTemplate(
  pages: SiteTemplatePage[],
  existing: Pick<WebPageListItem, 'id' | 'name'>[],
  api: {
    create: (name: string, body: WebPageWrite) => Promise<Pick<WebPage, 'id'>>;
    saveDraft: (id: string, body: WebPageDraftWrite) => Promise<unknown>;
  },
): Promise<void> {
  for (const page of pages) {
    const id =
      existing.find((entry) => entry.name === page.name)?.id ??
      (await api.create(page.name, { name: page.name, title: page.title, url: page.name })).id;
    // the template's sections carry the page's headings, so the page heading above them is left empty
    await api.saveDraft(id, { unhtml: page.html, style: page.css, unjson: null, header: '', subHeader: '' });
  }
}

/** A small live rendering of the template's home page (the same HTML, scaled down; nothing in it runs). */
function Thumbnail({ label, doc }: { label: string; doc: string }) {
  return (
    <div className="atrium-site-template__thumb" aria-hidden="true">
      <iframe title={`${label} thumbnail`} sandbox="" srcDoc={doc} tabIndex={-1} loading="lazy" />
    </div>
  );
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** After the drafts are written (the builder shows Home). */
  onApplied: () => void;
}

/** 'Templates': a whole site to start from, previewed, then written as the drafts of Home, About and Contact. */
export function SiteTemplatesDialog({ opened, onClose, onApplied }: Props) {
  const tenant = useTenant();
  const pages = useWebsitePages();
  const create = useCreatePage();
  const saveDraft = useSaveDraft();
  const [previewing, setPreviewing] = useState<SiteTemplate | null>(null);
  const [confirming, setConfirming] = useState<SiteTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const details = useMemo(() => studioDetailsOf(tenant), [tenant]);
  const built = useMemo(
    () => new Map(SITE_TEMPLATES.map((template) => [template.id, buildSiteTemplate(template, details)])),
    [details],
  );
  const pagesOf = (template: SiteTemplate) => built.get(template.id) ?? [];

  const close = () => {
    setPreviewing(null);
    onClose();
  };

  const apply = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      const existing = pages.data ?? (await pages.refetch()).data ?? [];
      await applySiteTemplate(pagesOf(confirming), existing, {
        create: (name, body) => create.mutateAsync({ name, body }),
        saveDraft: (id, body) => saveDraft.mutateAsync({ id, body }),
      });
      showSuccessToast(
        `The ${confirming.label} template is now the draft of ${pageNames}. Look each page over and publish it.`,
      );
      setConfirming(null);
      setPreviewing(null);
      onApplied();
    } catch {
      // the request's own error toast has told the owner; the pages written so far keep their new drafts
    } finally {
      setBusy(false);
    }
  };

  const chooseButton = (template: SiteTemplate) => (
    <Button size="xs" onClick={() => setConfirming(template)} aria-label={`Use the ${template.label} template`}>
      Use this template
    </Button>
  );

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={previewing ? `${previewing.label} template` : 'Start from a template'}
        size="xl"
      >
        {previewing ? (
          <Stack gap="sm">
            <Tabs defaultValue="home">
              <Tabs.List>
                {pagesOf(previewing).map((page) => (
                  <Tabs.Tab key={page.name} value={page.name}>
                    {page.title}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {pagesOf(previewing).map((page) => (
                <Tabs.Panel key={page.name} value={page.name} pt="xs">
                  <iframe
                    title={`${previewing.label}: ${page.title} page preview`}
                    sandbox=""
                    srcDoc={templateDocument(page, tenant)}
                    className="atrium-preview-frame"
                    style={{ height: '60vh' }}
                  />
                </Tabs.Panel>
              ))}
            </Tabs>
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setPreviewing(null)}>
                All templates
              </Button>
              {chooseButton(previewing)}
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">
              Each template fills {pageNames} with sections in your theme, your studio's name and contact details. It
              becomes their drafts: visitors see your site as it is until you publish each page.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {SITE_TEMPLATES.map((template) => {
                const home = pagesOf(template)[0];
                return (
                  <Card key={template.id} withBorder padding="sm" component="article" aria-label={template.label}>
                    {home && <Thumbnail label={template.label} doc={templateDocument(home, tenant)} />}
                    <Text fw={600} mt="xs">
                      {template.label}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {template.summary}
                    </Text>
                    <Group gap="xs" mt="sm">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconEye size={14} />}
                        onClick={() => setPreviewing(template)}
                        aria-label={`Preview the ${template.label} template`}
                      >
                        Preview
                      </Button>
                      {chooseButton(template)}
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={!!confirming}
        title="Use this template?"
        message={`The ${confirming?.label ?? ''} template replaces the drafts of ${pageNames}. Your published site does not change until you publish each page.`}
        confirmLabel="Use this template"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void apply()}
      />
    </>
  );
}
