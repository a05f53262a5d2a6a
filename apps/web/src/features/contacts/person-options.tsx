import { Group, type SelectProps, Text } from '@mantine/core';

/**
 * A person search's Select options, as the server found them (no filtering in the browser): the name, with
 * the email dimmed beside it in the list.
 */
export function personOptions(
  items: readonly { id: string; label: string; email?: string | null }[],
): Pick<SelectProps, 'data' | 'filter' | 'renderOption'> {
  const emails = new Map(items.map((item) => [item.id, item.email]));
  return {
    data: items.map((item) => ({ value: item.id, label: item.label })),
    filter: ({ options }) => options,
    renderOption: ({ option }) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{option.label}</Text>
        <Text size="xs" c="dimmed">
          {emails.get(option.value)}
        </Text>
      </Group>
    ),
  };
}
