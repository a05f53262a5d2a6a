import { Avatar, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

/** One organisation a social login found the person in (spec 1 §3 "orgList"). */
export interface OrgChoice {
  orgId: string;
  name: string;
  logo?: string | null;
}

/** Spec 1 §5: the org picker's Submit requires a selection (of one of the listed orgs). */
export function canSubmitOrgChoice(selected: string | null, orgs: readonly OrgChoice[]): boolean {
  return selected !== null && orgs.some((org) => org.orgId === selected);
}

interface PickerProps {
  orgs: readonly OrgChoice[];
  selected: string | null;
  onSelect: (orgId: string) => void;
  onSubmit: () => void;
}

/** The dialog's body: the orgs as selectable cards and a Submit that waits for a choice. */
export function SelectOrgPicker({ orgs, selected, onSelect, onSubmit }: PickerProps) {
  return (
    <Stack>
      <Text>We found you in multiple orgs</Text>
      <div role="radiogroup" aria-label="Organisations" className="org-cards">
        <Stack gap="xs">
          {orgs.map((org) => {
            const checked = org.orgId === selected;
            return (
              <UnstyledButton
                key={org.orgId}
                role="radio"
                aria-checked={checked}
                onClick={() => onSelect(org.orgId)}
                p="sm"
                style={{
                  border: `2px solid ${checked ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-3)'}`,
                  borderRadius: 8,
                }}
              >
                <Group>
                  <Avatar src={org.logo ?? null} alt="" radius="sm">
                    {org.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Text fw={600}>{org.name}</Text>
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      </div>
      <Group justify="flex-end">
        <Button onClick={onSubmit} disabled={!canSubmitOrgChoice(selected, orgs)}>
          Submit
        </Button>
      </Group>
    </Stack>
  );
}

interface DialogProps {
  opened: boolean;
  orgs: readonly OrgChoice[];
  onSubmit: (org: OrgChoice) => void;
  onClose: () => void;
}

/** Spec 1 "Dialogs": 'Select Org To Login.' when a social login finds several orgs. */
export function SelectOrgDialog({ opened, orgs, onSubmit, onClose }: DialogProps) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Select Org To Login." centered>
      <SelectOrgPicker
        orgs={orgs}
        selected={selected}
        onSelect={setSelected}
        onSubmit={() => {
          const org = orgs.find((candidate) => candidate.orgId === selected);
          if (org) onSubmit(org);
        }}
      />
    </Modal>
  );
}
