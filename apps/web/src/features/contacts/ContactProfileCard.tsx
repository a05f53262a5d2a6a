import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactDetail, type ContactStatus } from '@atrium/contracts';
import { Badge, Button, Card, Group, MultiSelect, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { ContactDialog } from './ContactDialog';
import { formatBalance, formatDayMonthYear, formatRelativeDay } from './contact-format';
import { useSetContactTags, useTagRegistry, useUpdateContact } from './hooks';
import { tagOptions } from './tag-format';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

/** Profile, statuses and tags of a contact, with the Edit Contact dialog. */
export function ContactProfileCard({ contact }: { contact: ContactDetail }) {
  const tenant = useTenant();
  const [editing, setEditing] = useState(false);
  const update = useUpdateContact(contact.guId);
  const setTags = useSetContactTags(contact.guId);
  const registry = useTagRegistry('tag');

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-name">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} id="contact-name" fz="h2">
            {contact.name}
          </Title>
          <Text c="dimmed" size="sm">
            {contact.email}
          </Text>
        </div>
        <Button variant="light" onClick={() => setEditing(true)} disabled={contact.isWalkin}>
          Edit
        </Button>
      </Group>
      <SimpleGrid cols={2} mt="md" spacing="sm">
        <Field label="Phone" value={contact.phone} />
        <Field label="Balance" value={formatBalance(contact.balance, tenant.csymbol)} />
        {tenant.isSupportGrn ? <Field label="GRN Number" value={contact.grnNumber} /> : null}
        <Field label="Date of Birth" value={formatDayMonthYear(contact.dateOfBirth)} />
        <Field label="Address" value={contact.address} />
        <Field label="Company" value={contact.company} />
        <Field
          label="Emergency Contact"
          value={[contact.emergencyContactName, contact.emergencyContactPhone].filter(Boolean).join(', ')}
        />
        <Field label="Lead Source" value={contact.leadsource} />
        <Field label="Waiver Form Signed" value={contact.hasSignedWaiverForm ? 'Yes' : 'No'} />
        <Field label="Mailing List" value={contact.subscribeToMailingList ? 'Subscribed' : 'Not subscribed'} />
        <Field label="Membership Expires" value={formatDayMonthYear(contact.lastActiveMembershipExpiresOn)} />
        <Field label="Created" value={formatRelativeDay(contact.dateCreated)} />
      </SimpleGrid>
      <Stack gap="sm" mt="md">
        <MultiSelect
          label="Status"
          data={CONTACT_STATUSES.map((status) => ({ value: status, label: CONTACT_STATUS_LABELS[status] }))}
          value={contact.statuses}
          onChange={(value) => update.mutate({ statuses: value as ContactStatus[] })}
          disabled={update.isPending}
        />
        <TagsInput
          label="Tags"
          placeholder="Pick a tag, or type a new one and press Enter"
          data={tagOptions(registry.data, contact.tags)}
          value={contact.tags}
          onChange={(value) => setTags.mutate(value)}
          disabled={setTags.isPending}
        />
        {contact.claim ? null : (
          <Badge variant="light" color="gray" w="fit-content">
            No login yet
          </Badge>
        )}
      </Stack>
      <ContactDialog
        opened={editing}
        initial={{
          firstName: contact.firstName,
          lastName: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          grnNumber: contact.grnNumber ?? '',
          hasSignedWaiverForm: contact.hasSignedWaiverForm,
          subscribeToMailingList: contact.subscribeToMailingList,
        }}
        onClose={() => setEditing(false)}
        onSubmit={async (values) => {
          await update.mutateAsync({
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            phone: values.phone,
            ...(tenant.isSupportGrn ? { grnNumber: values.grnNumber || null } : {}),
            hasSignedWaiverForm: values.hasSignedWaiverForm,
            subscribeToMailingList: values.subscribeToMailingList,
          });
          showSuccessToast('Updated successfully.');
        }}
      />
    </Card>
  );
}
