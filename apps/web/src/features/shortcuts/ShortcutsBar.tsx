import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch, IconStar, IconStarFilled, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { NavIcon } from '../../app/layouts/NavIcon';
import type { NavItem } from '../navigation/nav-item';
import {
  defaultShortcuts,
  parseShortcuts,
  readCookie,
  SHORTCUTS_COOKIE,
  SHORTCUTS_EMPTY,
  SHORTCUTS_MAX,
  type Shortcut,
  searchShortcuts,
  shortcutChoices,
  writeShortcutsCookie,
} from './shortcuts';

interface Props {
  menu: NavItem[];
  isStaff: boolean;
  showsStore: boolean;
}

/**
 * The toolbar's shortcuts bar (spec 3 §2.6, §5, §6): the person's shortcuts as icon links, and a
 * Shortcuts button whose panel lists them and searches the menu by title to add or remove one. Kept
 * in the FUSE2.shortcuts cookie of the studio's host.
 */
export function ShortcutsBar({ menu, isStaff, showsStore }: Props) {
  const choices = useMemo(() => shortcutChoices(menu), [menu]);
  const [shortcuts, setShortcuts] = useState<Shortcut[]>(
    () => parseShortcuts(readCookie(SHORTCUTS_COOKIE), choices) ?? defaultShortcuts(choices, isStaff, showsStore),
  );
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const save = (next: Shortcut[]) => {
    setShortcuts(next);
    writeShortcutsCookie(next);
  };
  const has = (url: string) => shortcuts.some((shortcut) => shortcut.url === url);
  const toggle = (choice: Shortcut) =>
    save(
      has(choice.url) ? shortcuts.filter((s) => s.url !== choice.url) : [...shortcuts, choice].slice(0, SHORTCUTS_MAX),
    );
  const found = searchShortcuts(choices, query);

  return (
    <Group gap={2} wrap="nowrap" className="shortcuts-bar">
      <nav aria-label="Shortcuts" className="shortcuts-bar__links">
        {shortcuts.map((shortcut) => (
          <Tooltip key={shortcut.url} label={shortcut.title} withinPortal>
            <ActionIcon component={Link} to={shortcut.url} variant="subtle" size="lg" aria-label={shortcut.title}>
              <NavIcon name={shortcut.icon} />
            </ActionIcon>
          </Tooltip>
        ))}
      </nav>
      <Popover opened={open} onChange={setOpen} position="bottom-end" width={300} withinPortal trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Shortcuts"
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            <IconStar size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="dialog" aria-label="Shortcuts">
            {shortcuts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {SHORTCUTS_EMPTY}
              </Text>
            ) : (
              <Stack gap={2} aria-label="Your shortcuts" role="list">
                {shortcuts.map((shortcut) => (
                  <Group key={shortcut.url} gap="xs" wrap="nowrap" justify="space-between" role="listitem">
                    <Button
                      component={Link}
                      to={shortcut.url}
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<NavIcon name={shortcut.icon} />}
                      onClick={() => setOpen(false)}
                    >
                      {shortcut.title}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove the shortcut to ${shortcut.title}`}
                      onClick={() => toggle(shortcut)}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
            <TextInput
              label="Add a shortcut"
              placeholder="Search the menu"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
            <Stack gap={2} mah={240} style={{ overflowY: 'auto' }} role="list" aria-label="Screens">
              {found.map((choice) => (
                <Group key={choice.url} role="listitem" justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap">
                    <NavIcon name={choice.icon} />
                    <Text size="sm">{choice.title}</Text>
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    aria-label={
                      has(choice.url) ? `Remove the shortcut to ${choice.title}` : `Add a shortcut to ${choice.title}`
                    }
                    aria-pressed={has(choice.url)}
                    onClick={() => toggle(choice)}
                  >
                    {has(choice.url) ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            {found.length === 0 ? (
              <Text size="sm" c="dimmed">
                No screen by that name
              </Text>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
