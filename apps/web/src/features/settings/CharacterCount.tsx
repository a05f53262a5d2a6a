import { Text } from '@mantine/core';

/** The 'n / max' counter under a limited text (spec 2 §5: SEO fields and the invoice note). */
export function CharacterCount({ value, max }: { value: string; max: number }) {
  return (
    <Text size="xs" c={value.length > max ? 'red.9' : 'dimmed'} ta="right" aria-live="polite">
      {`${value.length} / ${max}`}
    </Text>
  );
}
