import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { TAG_DRAG_TYPE, type TagChip, wrapTag } from './template-rules';

const COLORS: Record<TagChip['kind'], string> = { standard: 'orange', system: 'grape', custom: 'blue' };

interface Props {
  chips: TagChip[];
  /** Inserts the tag into the field last focused (Subject or body): the keyboard and click path. */
  onInsert: (tag: string) => void;
  /** The plus chip: opens the create-custom-field dialog. */
  onAddField: () => void;
  disabled?: boolean;
}

/**
 * Spec 2 §2: draggable tag chips (standard orange, custom fields blue) and a plus chip that opens
 * the create-custom-field dialog (the Custom Fields screen's own). A chip is also a button:
 * Enter, Space or a click inserts its tag at the cursor of the field last focused.
 */
export function TagStrip({ chips, onInsert, onAddField, disabled = false }: Props) {
  return (
    <Group gap={6} wrap="wrap" role="toolbar" aria-label="Tags">
      <Text size="sm" fw={500} mr={4}>
        Tags
      </Text>
      {chips.map((chip) => (
        <Badge
          key={`${chip.kind}:${chip.tag}`}
          component="button"
          type="button"
          color={COLORS[chip.kind]}
          variant="light"
          size="lg"
          radius="xl"
          tt="none"
          disabled={disabled}
          draggable={!disabled}
          aria-label={`Insert tag ${chip.tag}`}
          title={`Drag into the subject or body, or press to insert ${wrapTag(chip.tag)}`}
          style={{ cursor: disabled ? 'default' : 'grab' }}
          onDragStart={(event) => {
            event.dataTransfer.setData(TAG_DRAG_TYPE, chip.tag);
            event.dataTransfer.setData('text/plain', wrapTag(chip.tag));
            event.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onInsert(chip.tag)}
        >
          {chip.label}
        </Badge>
      ))}
      {disabled ? null : (
        <Tooltip label="Create a custom field">
          <Badge
            component="button"
            type="button"
            color="blue"
            variant="outline"
            size="lg"
            radius="xl"
            tt="none"
            aria-label="Create a custom field"
            leftSection={<IconPlus size={14} />}
            style={{ cursor: 'pointer' }}
            onClick={onAddField}
          >
            Field
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
