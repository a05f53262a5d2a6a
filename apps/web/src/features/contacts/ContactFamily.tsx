import type { ContactDetail, ContactRelative } from '@atrium/contracts';
import { ActionIcon, Anchor, Button, Card, Group, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { ContactDialog } from './ContactDialog';
import { ContactSearch } from './ContactSearch';
import { contactPath } from './ContactTable';
import { contactCreateBody } from './contact-format';
import { useAddChild, useUnlinkRelative } from './hooks';

function RelativeList({
  label,
  people,
  onUnlink,
}: {
  label: string;
  people: ContactRelative[];
  onUnlink: (person: ContactRelative) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
          {people.map((person) => (
            <li key={person.guId}>
              <Group gap="xs" wrap="nowrap">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Anchor component={Link} to={contactPath(person.guId)} size="sm">
                    {person.name}
                  </Anchor>{' '}
                  <Text span size="xs" c="dimmed">
                    {person.email}
                  </Text>
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Unlink ${person.name}`}
                  title="Unlink"
                  onClick={() => onUnlink(person)}
                >
                  ×
                </ActionIcon>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </div>
  );
}

/** Guardians and children of a contact; add a child by creating one or linking an existing contact. */
export function ContactFamily({ contact }: { contact: ContactDetail }) {
  const tenant = useTenant();
  const addChild = useAddChild(contact.guId);
  const unlink = useUnlinkRelative(contact.guId);
  const [unlinking, setUnlinking] = useState<{ relation: 'child' | 'guardian'; person: ContactRelative } | null>(null);
  const [mode, setMode] = useState<'create' | 'link' | null>(null);
  const excluded = [contact.guId, ...contact.children.map((c) => c.guId), ...contact.guardian.map((g) => g.guId)];

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-family-title">
      <Group justify="space-between">
        <Title order={2} fz="h4" id="contact-family-title">
          Family
        </Title>
        {contact.isWalkin ? null : (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="light" size="xs">
                Add Child
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setMode('create')}>Create New Contact</Menu.Item>
              <Menu.Item onClick={() => setMode('link')}>Link Existing Contact</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Stack gap="sm" mt="sm">
        <RelativeList
          label="Guardians"
          people={contact.guardian}
          onUnlink={(person) => setUnlinking({ relation: 'guardian', person })}
        />
        <RelativeList
          label="Children"
          people={contact.children}
          onUnlink={(person) => setUnlinking({ relation: 'child', person })}
        />
      </Stack>
      <ContactDialog
        opened={mode === 'create'}
        title="Create Contact"
        onClose={() => setMode(null)}
        onSubmit={async (values) => {
          await addChild.mutateAsync(contactCreateBody(values, tenant.isSupportGrn));
          showSuccessToast(`${values.firstName} ${values.lastName} added as a child.`);
        }}
      />
      <ConfirmDialog
        opened={unlinking !== null}
        title={unlinking?.relation === 'child' ? 'Unlink Child' : 'Unlink Guardian'}
        message={
          unlinking
            ? unlinking.relation === 'child'
              ? `${unlinking.person.name} will no longer be a child of ${contact.name}. Both contacts are kept. Are you sure?`
              : `${unlinking.person.name} will no longer be a guardian of ${contact.name}. Both contacts are kept. Are you sure?`
            : ''
        }
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        busy={unlink.isPending}
        onCancel={() => setUnlinking(null)}
        onConfirm={async () => {
          if (!unlinking) return;
          const done = await unlink
            .mutateAsync({ relation: unlinking.relation, otherId: unlinking.person.guId })
            .catch(() => null);
          if (done) showSuccessToast(`${unlinking.person.name} unlinked.`);
          setUnlinking(null);
        }}
      />
      <Modal opened={mode === 'link'} onClose={() => setMode(null)} title="Link Existing Contact" centered>
        <ContactSearch
          exclude={excluded}
          onPick={async (picked) => {
            const done = await addChild.mutateAsync({ childId: picked.id }).catch(() => null);
            if (done) {
              showSuccessToast(`${picked.label} added as a child.`);
              setMode(null);
            }
          }}
        />
      </Modal>
    </Card>
  );
}
