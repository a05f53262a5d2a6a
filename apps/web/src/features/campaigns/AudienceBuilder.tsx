import {
  AUDIENCE_DAYS_MAX,
  AUDIENCE_KIND_LABELS,
  AUDIENCE_KINDS,
  type AudienceKind,
  type CampaignAudience,
  MEMBERSHIP_STATE_LABELS,
  MEMBERSHIP_STATES,
  type MembershipState,
} from '@atrium/contracts';
import { Group, Loader, NumberInput, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contactsApi } from '../contacts/api';
import { customFieldsApi } from '../custom-fields/api';
import { campaignKeys, campaignsApi } from './api';
import { audienceOfKind, contactsLabel, isCountable } from './campaign-rules';

const COUNT_DEBOUNCE_MS = 300;

const daysOf = (value: string | number) => {
  const days = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(days) ? days : 0;
};

/** How many contacts an audience holds now (unsubscribed, bounced and complained left out), as it changes. */
export function AudienceCountText({ audience }: { audience: CampaignAudience }) {
  const [debounced] = useDebouncedValue(audience, COUNT_DEBOUNCE_MS);
  const countable = isCountable(debounced);
  const count = useQuery({
    queryKey: campaignKeys.count(debounced),
    queryFn: () => campaignsApi.count(debounced),
    enabled: countable,
    placeholderData: keepPreviousData,
  });
  let text: string;
  if (!countable) text = 'Finish choosing the audience to see how many it holds.';
  else if (count.isError)
    text = count.error instanceof Error ? count.error.message : 'The audience could not be counted.';
  else if (count.data) text = `This audience holds ${contactsLabel(count.data.count)} now.`;
  else text = 'Counting…';
  return (
    <Group gap="xs" aria-live="polite">
      {countable && count.isFetching ? <Loader size="xs" aria-hidden /> : null}
      <Text size="sm" fw={500} data-testid="audience-count">
        {text}
      </Text>
      <Text size="xs" c="dimmed">
        Contacts who unsubscribed, bounced or complained are always left out.
      </Text>
    </Group>
  );
}

/** Who the campaign goes to: a kind, its details, and the live count. */
export function AudienceBuilder({
  value,
  onChange,
  showCount = true,
}: {
  value: CampaignAudience;
  onChange: (audience: CampaignAudience) => void;
  /** False where the screen counts the audience its own way (an SMS campaign's estimate). */
  showCount?: boolean;
}) {
  const tags = useQuery({
    queryKey: ['contacts', 'tags', 'tag'],
    queryFn: () => contactsApi.tagRegistry('tag'),
    enabled: value.kind === 'tags',
  });
  const fields = useQuery({
    queryKey: ['custom-fields'],
    queryFn: () => customFieldsApi.list(),
    enabled: value.kind === 'custom_field',
  });
  return (
    <Stack gap="sm">
      <Select
        label="Send to"
        data={AUDIENCE_KINDS.map((kind) => ({ value: kind, label: AUDIENCE_KIND_LABELS[kind] }))}
        value={value.kind}
        allowDeselect={false}
        onChange={(kind) => kind && onChange(audienceOfKind(kind as AudienceKind, value))}
      />
      {value.kind === 'tags' ? (
        <TagsInput
          label="Tags (any of them)"
          description="Contacts with at least one of these tags."
          placeholder="Type or pick a tag"
          data={(tags.data ?? []).map((tag) => tag.name)}
          value={value.tags}
          onChange={(next) => onChange({ kind: 'tags', tags: next })}
        />
      ) : null}
      {value.kind === 'membership' ? (
        <Group align="flex-end" grow>
          <Select
            label="Membership"
            data={MEMBERSHIP_STATES.map((state) => ({ value: state, label: MEMBERSHIP_STATE_LABELS[state] }))}
            value={value.membershipState}
            allowDeselect={false}
            onChange={(state) =>
              state &&
              onChange(
                state === 'lapsed'
                  ? { kind: 'membership', membershipState: 'lapsed', days: value.days ?? 30 }
                  : { kind: 'membership', membershipState: state as MembershipState },
              )
            }
          />
          {value.membershipState === 'lapsed' ? (
            <NumberInput
              label="Lapsed in the last (days)"
              min={1}
              max={AUDIENCE_DAYS_MAX}
              allowDecimal={false}
              value={value.days ?? 30}
              onChange={(days) => onChange({ ...value, days: daysOf(days) })}
            />
          ) : null}
        </Group>
      ) : null}
      {value.kind === 'no_visit' ? (
        <NumberInput
          label="No visit in the last (days)"
          description="Contacts who came to a class before, but not in these days."
          min={1}
          max={AUDIENCE_DAYS_MAX}
          allowDecimal={false}
          value={value.days}
          onChange={(days) => onChange({ kind: 'no_visit', days: daysOf(days) })}
        />
      ) : null}
      {value.kind === 'custom_field' ? (
        <Group align="flex-end" grow>
          <Select
            label="Custom field"
            placeholder={fields.isPending ? 'Loading…' : 'Pick a field'}
            data={(fields.data ?? []).map((field) => ({ value: field.guId, label: field.name }))}
            value={value.customFieldId || null}
            onChange={(customFieldId) => onChange({ ...value, customFieldId: customFieldId ?? '' })}
          />
          <TextInput
            label="Value"
            value={value.value}
            maxLength={500}
            onChange={(event) => onChange({ ...value, value: event.currentTarget.value })}
          />
        </Group>
      ) : null}
      {showCount ? <AudienceCountText audience={value} /> : null}
    </Stack>
  );
}
