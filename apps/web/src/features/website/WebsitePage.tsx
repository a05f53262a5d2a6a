import type { WebPageListItem } from '@atrium/contracts';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLayoutGrid, IconPlus, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useCreatePage, useReorderPages, useWebsitePage, useWebsitePages } from './hooks';
import { PagePanel } from './PagePanel';
import { PageSidebar } from './PageSidebar';
import { SiteTemplatesDialog } from './SiteTemplatesDialog';
import { randomPageName, sequencePayload } from './website-rules';
import './website.css';

/** /website: the website builder (spec 3 §2.1). */
export default function WebsitePage() {
  const pages = useWebsitePages();
  const create = useCreatePage();
  const reorder = useReorderPages();
  const [selected, setSelected] = useState('home');
  const [editing, setEditing] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  // a site just started (home has nothing in it, not even a draft) is offered the templates
  const home = useWebsitePage('home');
  const starting = home.isFetched && !home.isError && (!home.data || (!home.data.unhtml.trim() && !home.data.draft));

  const select = (name: string) => {
    setSelected(name);
    setEditing(false);
  };

  const addPage = () => {
    const taken = new Set(pages.data?.map((page) => page.name));
    let name = randomPageName();
    for (let i = 0; i < 20 && taken.has(name); i += 1) name = randomPageName();
    create.mutate(
      { name, body: { name, title: name, url: name } },
      {
        onSuccess: (page) => {
          showSuccessToast(`${page.title} page added.`);
          setSelected(page.name);
          setEditing(true);
        },
      },
    );
  };

  const saveOrder = (next: WebPageListItem[]) => {
    reorder.mutate(sequencePayload(next), {
      onSuccess: (result) => showSuccessToast(result.message || 'Sequence updated.'),
      onError: () => showErrorToast('Some error occured. Please try again.'),
    });
  };

  return (
    <Stack gap="lg" className="atrium-website">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Website - Lets build a website
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/settings/website" variant="default" leftSection={<IconSettings size={16} />}>
            Settings
          </Button>
          <Button variant="default" leftSection={<IconLayoutGrid size={16} />} onClick={() => setTemplatesOpen(true)}>
            Templates
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={addPage} loading={create.isPending}>
            Add New Page
          </Button>
        </Group>
      </Group>

      {starting && !editing && (
        <Alert color="indigo" title="Start your site from a template">
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm">
              A yoga studio, a gym, a school or a non-profit: Home, About and Contact in your theme, ready to edit.
            </Text>
            <Button size="xs" onClick={() => setTemplatesOpen(true)}>
              See the templates
            </Button>
          </Group>
        </Alert>
      )}

      {pages.isLoading ? (
        <Busy label="Loading the pages" />
      ) : pages.isError ? (
        <Text c="red.9">The pages could not be loaded. Please reload the page.</Text>
      ) : (
        // while a page is edited the page list folds away and the designer takes the full width
        <div className="atrium-website__layout" data-editing={editing || undefined}>
          <aside className="atrium-website__sidebar" hidden={editing}>
            <PageSidebar
              pages={pages.data ?? []}
              selected={selected}
              onSelect={select}
              onReorder={saveOrder}
              busy={reorder.isPending}
            />
          </aside>
          <section className="atrium-website__content" aria-label="Selected page">
            <PagePanel
              key={selected}
              name={selected}
              entry={pages.data?.find((page) => page.name === selected)}
              editing={editing}
              onEditingChange={setEditing}
              onDeleted={() => select('home')}
            />
          </section>
        </div>
      )}
      <SiteTemplatesDialog
        opened={templatesOpen}
        onClose={() => setTemplatesOpen(false)}
        onApplied={() => {
          setTemplatesOpen(false);
          select('home');
        }}
      />
    </Stack>
  );
}
