import { Button, Group, Loader, Modal, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { createElement, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { CatalogueIcon, findIcons as FindIcons } from './icon-catalogue';

/** How many icons the grid draws at once (the whole set is thousands; a word narrows it). */
export const ICONS_SHOWN = 120;

/**
 * The icon as page HTML: Tabler's own SVG, drawn in the theme's colour (`currentColor`, set by the site theme's
 * `.sb-icon` rule), hidden from screen readers (it decorates the words beside it).
 */
export function iconHtml(icon: Icon): string {
  const holder = document.createElement('div');
  const root = createRoot(holder);
  flushSync(() =>
    root.render(createElement(icon, { size: 48, stroke: 1.5, className: 'sb-icon', 'aria-hidden': true })),
  );
  const svg = holder.innerHTML;
  root.unmount();
  return svg;
}

interface Catalogue {
  find: typeof FindIcons;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  onPick: (html: string) => void;
}

/**
 * 'Add icon': the whole Tabler set in a searchable grid (the studio favourites first); the one picked goes after the
 * selected element. The set is its own chunk, fetched the first time the picker opens.
 */
export function IconPicker({ opened, onClose, onPick }: Props) {
  const [search, setSearch] = useState('');
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!opened || catalogue) return;
    let cancelled = false;
    import('./icon-catalogue')
      .then(({ findIcons }) => {
        if (!cancelled) setCatalogue({ find: findIcons });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [opened, catalogue]);

  const found: CatalogueIcon[] = useMemo(() => (catalogue ? catalogue.find(search) : []), [catalogue, search]);
  const shown = found.slice(0, ICONS_SHOWN);

  return (
    <Modal opened={opened} onClose={onClose} title="Add an icon" size="lg">
      <TextInput
        label="Find an icon"
        placeholder="yoga, calendar, phone…"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="sm"
      />
      {!catalogue && !failed && <Loader size="sm" aria-label="Loading the icons" />}
      {failed && <Text size="sm">The icons could not load. Close this and try again.</Text>}
      {catalogue && found.length === 0 && <Text size="sm">No icon matches that word.</Text>}
      {catalogue && found.length > ICONS_SHOWN && (
        <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
          {`Showing ${ICONS_SHOWN} of ${found.length} icons. Type a word to find others.`}
        </Text>
      )}
      <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs">
        {shown.map(({ id, name, icon: IconComponent }) => (
          <UnstyledButton
            key={id}
            aria-label={`Add the ${name} icon`}
            onClick={() => {
              onPick(iconHtml(IconComponent));
              onClose();
            }}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 4,
              padding: 8,
              borderRadius: 8,
              border: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <IconComponent size={28} stroke={1.5} aria-hidden />
            <Text size="xs" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Group>
    </Modal>
  );
}
