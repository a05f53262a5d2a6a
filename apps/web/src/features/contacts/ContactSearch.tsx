import { CONTACT_SEARCH_DEBOUNCE_MS } from '@atrium/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ContactSuggestion } from './api';
import { useContactAutocomplete } from './hooks';
import { personOptions } from './person-options';

interface Props {
  label?: string;
  onPick: (contact: ContactSuggestion) => void;
  /** Contacts that cannot be picked here (e.g. the contact itself). */
  exclude?: string[];
}

/** Spec 3 §2.5 contact search box: placeholder 'Search Contact'; suggestions show label and email. */
export function ContactSearch({ label = 'Search Contact', onPick, exclude = [] }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, CONTACT_SEARCH_DEBOUNCE_MS);
  const { data = [], isFetching } = useContactAutocomplete(debounced);
  const items = data.filter((item) => !exclude.includes(item.id));
  const byId = new Map(items.map((item) => [item.id, item]));

  return (
    <Select
      label={label}
      placeholder="Search Contact"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={null}
      nothingFoundMessage={debounced.trim() && !isFetching ? 'No contacts found' : undefined}
      {...personOptions(items)}
      onChange={(value) => {
        const picked = value ? byId.get(value) : undefined;
        if (picked) {
          setSearch('');
          onPick(picked);
        }
      }}
    />
  );
}
