import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';
import {
  ALIGN_CHOICES,
  type Align,
  alignOf,
  alignPatch,
  BACKGROUND_CHOICES,
  type Background,
  backgroundOf,
  backgroundPatch,
  SPACING_CHOICES,
  type Spacing,
  type StyleValues,
  spacingOf,
  spacingPatch,
  swatchColours,
  TEXT_COLOUR_CHOICES,
  type TextColour,
  textColourOf,
  textColourPatch,
} from './style-controls';

/** The element selected in the designer, as the panel reads it. */
export interface StyleTarget {
  /** What GrapesJS calls it ('Section', 'Text', 'Body'). */
  name: string;
  style: StyleValues;
}

interface Props {
  target: StyleTarget | null;
  themeColor: string | null | undefined;
  /** Writes the styles on the selected element ('' removes one). */
  onChange: (patch: StyleValues) => void;
  /** Opens the image picker for a background photo. */
  onPickImage: () => void;
  /** Where GrapesJS draws its raw CSS style manager (the Advanced section). */
  advancedRef: RefObject<HTMLDivElement | null>;
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden="true"
      className="atrium-style-panel__swatch"
      style={{ backgroundColor: colour }}
      data-empty={colour === 'transparent' || undefined}
    />
  );
}

function Choices<T extends string>({
  label,
  value,
  choices,
  onChange,
  swatches,
}: {
  label: string;
  value: T | null;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  swatches?: Record<T, string>;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as T)}>
      <Group gap="xs" mt={4}>
        {choices.map((choice) => {
          const text: ReactNode = swatches ? (
            <span className="atrium-style-panel__choice">
              <Swatch colour={swatches[choice.value]} />
              {choice.label}
            </span>
          ) : (
            choice.label
          );
          return <Radio key={choice.value} value={choice.value} label={text} size="xs" />;
        })}
      </Group>
    </Radio.Group>
  );
}

/**
 * Style in words (issue 29): with an element selected, spacing, alignment, background and text colour as named
 * choices from the site theme; GrapesJS's raw CSS style manager stays below under Advanced, folded.
 */
export function StylePanel({ target, themeColor, onChange, onPickImage, advancedRef }: Props) {
  const swatches = swatchColours(themeColor);
  const style = target?.style ?? {};
  const background = target ? backgroundOf(style) : null;

  return (
    <aside className="atrium-style-panel" aria-label="Style">
      <Text fw={600} size="sm">
        {target ? `Style: ${target.name}` : 'Style'}
      </Text>
      {target ? (
        <Stack gap="md" mt="xs">
          <Choices<Spacing>
            label="Spacing"
            value={spacingOf(style)}
            choices={SPACING_CHOICES}
            onChange={(choice) => onChange(spacingPatch(choice))}
          />
          <Choices<Align>
            label="Alignment"
            value={alignOf(style)}
            choices={ALIGN_CHOICES}
            onChange={(choice) => onChange(alignPatch(choice))}
          />
          <Choices<Background>
            label="Background"
            value={background}
            choices={BACKGROUND_CHOICES}
            swatches={swatches.background}
            onChange={(choice) => (choice === 'image' ? onPickImage() : onChange(backgroundPatch(choice, style)))}
          />
          {background === 'image' && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPhoto size={14} aria-hidden="true" />}
              onClick={onPickImage}
            >
              Change the background image
            </Button>
          )}
          <Choices<TextColour>
            label="Text colour"
            value={textColourOf(style)}
            choices={TEXT_COLOUR_CHOICES}
            swatches={swatches.text}
            onChange={(choice) => onChange(textColourPatch(choice, style))}
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          Select a block on the page to change its spacing, alignment, background and text colour.
        </Text>
      )}
      <details className="atrium-style-panel__advanced">
        <summary>Advanced: every CSS property</summary>
        {/* drawn in GrapesJS's own colours, as in its side panel */}
        <div ref={advancedRef} className="atrium-style-panel__gjs gjs-one-bg gjs-two-color" />
      </details>
    </aside>
  );
}
