import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above a list: a labelled search field whose every change also sends the list back to page 1. */
export function ListSearch({
  label,
  value,
  onSearch,
  placeholder = 'Search',
  ...rest
}: { label: string; value: string; onSearch: (text: string) => void } & Omit<
  TextInputProps,
  'value' | 'onChange' | 'aria-label'
>) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      maw={360}
      {...rest}
    />
  );
}
