import { Button, Group, Modal, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  type Icon,
  IconBarbell,
  IconBike,
  IconCalendar,
  IconCertificate,
  IconClock,
  IconCoffee,
  IconGift,
  IconHeart,
  IconHome,
  IconLeaf,
  IconMail,
  IconMapPin,
  IconMoon,
  IconMusic,
  IconPhone,
  IconRun,
  IconSchool,
  IconStar,
  IconSun,
  IconSwimming,
  IconTrophy,
  IconUsers,
  IconWheelchair,
  IconYoga,
} from '@tabler/icons-react';
import { createElement, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** The Tabler icons a studio's page uses most (the set the app already uses), with the words to find them by. */
const ICONS: { name: string; words: string; icon: Icon }[] = [
  { name: 'Yoga', words: 'yoga pose meditation', icon: IconYoga },
  { name: 'Weights', words: 'barbell gym strength weights', icon: IconBarbell },
  { name: 'Running', words: 'run cardio running', icon: IconRun },
  { name: 'Cycling', words: 'bike cycling spin', icon: IconBike },
  { name: 'Swimming', words: 'swim pool water', icon: IconSwimming },
  { name: 'Music', words: 'music dance', icon: IconMusic },
  { name: 'School', words: 'school class lesson learn', icon: IconSchool },
  { name: 'Certificate', words: 'certificate course diploma', icon: IconCertificate },
  { name: 'Trophy', words: 'trophy award win', icon: IconTrophy },
  { name: 'Community', words: 'users people community team', icon: IconUsers },
  { name: 'Heart', words: 'heart love health donate', icon: IconHeart },
  { name: 'Star', words: 'star review favourite', icon: IconStar },
  { name: 'Leaf', words: 'leaf nature calm', icon: IconLeaf },
  { name: 'Sun', words: 'sun morning day', icon: IconSun },
  { name: 'Moon', words: 'moon evening night', icon: IconMoon },
  { name: 'Coffee', words: 'coffee cafe break', icon: IconCoffee },
  { name: 'Gift', words: 'gift card present', icon: IconGift },
  { name: 'Calendar', words: 'calendar schedule dates', icon: IconCalendar },
  { name: 'Clock', words: 'clock hours time', icon: IconClock },
  { name: 'Location', words: 'map pin location address', icon: IconMapPin },
  { name: 'Phone', words: 'phone call contact', icon: IconPhone },
  { name: 'Email', words: 'mail email contact', icon: IconMail },
  { name: 'Home', words: 'home house studio', icon: IconHome },
  { name: 'Accessible', words: 'wheelchair accessible access', icon: IconWheelchair },
];

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

interface Props {
  opened: boolean;
  onClose: () => void;
  onPick: (html: string) => void;
}

/** 'Add icon': a searchable grid of icons; the one picked goes after the selected element. */
export function IconPicker({ opened, onClose, onPick }: Props) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term
      ? ICONS.filter((entry) => entry.words.includes(term) || entry.name.toLowerCase().includes(term))
      : ICONS;
  }, [search]);

  return (
    <Modal opened={opened} onClose={onClose} title="Add an icon" size="lg">
      <TextInput
        label="Find an icon"
        placeholder="yoga, calendar, phone…"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="sm"
      />
      {shown.length === 0 && <Text size="sm">No icon matches that word.</Text>}
      <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs">
        {shown.map(({ name, icon: IconComponent }) => (
          <UnstyledButton
            key={name}
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
            <Text size="xs">{name}</Text>
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
