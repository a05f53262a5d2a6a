import { MEMBER_SEARCH_DEBOUNCE_MS } from '@atrium/contracts';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { apiRequest } from '../../lib/api';
import { personOptions } from '../contacts/person-options';
import { memberSearchQuery } from './users-rules';

export interface PickedMember {
  id: string;
  label: string;
  email: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Runs on Submit (or Enter) with the chosen member; the dialog shows Submit busy until it settles. */
  onSubmit: (member: PickedMember) => Promise<void> | void;
  /** 'Search' (acting as a member) or 'Search Contact' (store). */
  title?: string;
}

/**
 * Spec 2 §2 "Acting as a member dialog" ('Select a member to add'): a search box with the
 * autocomplete (label and email), Submit disabled until a member is chosen, Enter submits.
 * The search fires after 100 ms and ignores empty text and repeats (spec 2 §5); failures are swallowed.
 */
export default function MemberPickerDialog({ opened, onClose, onSubmit, title = 'Search' }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, MEMBER_SEARCH_DEBOUNCE_MS);
  const lastQuery = useRef<string | null>(null);
  const next = memberSearchQuery(debounced, lastQuery.current);
  if (next !== null) lastQuery.current = next;
  const query = lastQuery.current ?? '';
  const suggestions = useQuery({
    queryKey: ['users', 'member-search', query],
    queryFn: ({ signal }) =>
      apiRequest<PickedMember[]>('/rest/contact/', {
        query: { autoComplete: true, q: query },
        signal,
        silent: true,
        asStaff: true,
      }).catch(() => [] as PickedMember[]),
    enabled: query.length > 0,
    staleTime: 5_000,
  });
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  const [busy, setBusy] = useState(false);

  const items = [...(suggestions.data ?? [])];
  if (chosen && !items.some((item) => item.id === chosen.id)) items.unshift(chosen);
  const byId = new Map(items.map((item) => [item.id, item]));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!chosen || busy) return;
    setBusy(true);
    try {
      await onSubmit(chosen);
    } catch {
      // The caller's call already toasted its failure; the dialog stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={590}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed" id="member-picker-hint">
            Select a member to add
          </Text>
          <Select
            label="Member"
            aria-describedby="member-picker-hint"
            placeholder="name or email or phone no."
            searchable
            searchValue={text}
            onSearchChange={setText}
            value={chosen?.id ?? null}
            onChange={(value) => setChosen(value ? (byId.get(value) ?? null) : null)}
            nothingFoundMessage={query && !suggestions.isFetching ? 'No members found' : undefined}
            {...personOptions(items)}
            data-autofocus
          />
          <FormActions onCancel={onClose} pending={busy} submitDisabled={!chosen} submitLabel="Submit" />
        </Stack>
      </form>
    </Modal>
  );
}
