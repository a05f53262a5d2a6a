import type { WebPageListItem } from '@atrium/contracts';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconExternalLink, IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { moveItem } from '../../lib/move-item';

interface Props {
  pages: WebPageListItem[];
  selected: string;
  onSelect: (name: string) => void;
  /** The whole list in its new order. */
  onReorder: (pages: WebPageListItem[]) => void;
  busy?: boolean;
}

/**
 * The pages in sequence. Click selects; drag (native HTML5 drag and drop) or the move up/down
 * buttons reorder (spec 3 §2.1, §4).
 */
export function PageSidebar({ pages, selected, onSelect, onReorder, busy = false }: Props) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  const move = (from: number, to: number) => {
    if (busy || to < 0 || to >= pages.length || from === to) return;
    onReorder(moveItem(pages, from, to));
  };

  return (
    <nav aria-label="Website pages" className="atrium-pages">
      <ol className="atrium-pages__list">
        {pages.map((page, index) => {
          const active = page.name === selected;
          return (
            <li
              key={page.id}
              className="atrium-pages__item"
              data-active={active || undefined}
              data-drop-target={dragOver === index && dragFrom !== index ? true : undefined}
              draggable={!busy}
              onDragStart={(event) => {
                setDragFrom(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', page.name);
              }}
              onDragOver={(event) => {
                if (dragFrom === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setDragOver(index);
              }}
              onDragLeave={() => setDragOver((current) => (current === index ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                if (dragFrom !== null) move(dragFrom, index);
                setDragFrom(null);
                setDragOver(null);
              }}
              onDragEnd={() => {
                setDragFrom(null);
                setDragOver(null);
              }}
            >
              <IconGripVertical size={16} className="atrium-pages__grip" aria-hidden="true" />
              <UnstyledButton
                className="atrium-pages__select"
                aria-current={active ? 'page' : undefined}
                aria-label={`${page.title} (${page.isPublished ? 'published' : 'private'}${page.isExternalLink ? ', external link' : ''})`}
                onClick={() => onSelect(page.name)}
              >
                <Group gap={6} wrap="nowrap">
                  <span
                    className={`atrium-dot ${page.isPublished ? 'atrium-dot--green' : 'atrium-dot--grey'}`}
                    title={page.isPublished ? 'Published' : 'Private'}
                  />
                  <Text size="sm" truncate fw={active ? 600 : 400}>
                    {page.title}
                  </Text>
                  {page.isExternalLink && <IconExternalLink size={14} aria-hidden="true" />}
                </Group>
              </UnstyledButton>
              {/* 24 px each: the smallest target WCAG 2.2 (2.5.8) allows for two buttons side by side */}
              <Group gap={0} wrap="nowrap" className="atrium-pages__move">
                <ActionIcon
                  variant="subtle"
                  size={24}
                  aria-label={`Move ${page.title} up`}
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size={24}
                  aria-label={`Move ${page.title} down`}
                  disabled={busy || index === pages.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Group>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
