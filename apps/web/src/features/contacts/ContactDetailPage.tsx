import { Alert, Anchor, Grid, Group, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ContactCustomFieldsCard } from '../custom-fields/ContactCustomFieldsCard';
import { ContactDonationsCard } from '../donations/ContactDonationsCard';
import { ContactSignedDocumentsCard } from '../forms/SignedDocuments';
import { ContactInvoicesCard } from '../invoices/ContactInvoicesCard';
import { ContactMembershipsPanel } from '../memberships/ContactMembershipsPanel';
import { ContactBookingsCard } from '../scheduling/ContactBookingsCard';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ContactAccountCard } from './ContactAccountCard';
import { ContactActivityReportButton } from './ContactActivityReportButton';
import { ContactActivityTimeline } from './ContactActivityTimeline';
import { ContactEmailsCard } from './ContactEmailsCard';
import { ContactFamily } from './ContactFamily';
import { ContactNotes } from './ContactNotes';
import { ContactProfileCard } from './ContactProfileCard';
import { ContactSavedCards } from './ContactSavedCards';
import { useContact } from './hooks';

/** /contacts/:guId/detail and /contacts/:id/details: one contact (spec 3 §3 "Contact"). */
export default function ContactDetailPage() {
  const params = useParams();
  const guId = params.guId ?? params.id ?? '';
  const tenant = useTenant();
  const contact = useContact(guId);
  useDocumentHead(tenant, contact.data?.name ?? 'Contact');

  if (contact.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading contact" />
      </Group>
    );
  }
  if (contact.isError || !contact.data) {
    return (
      <Alert color="red" title="Contact not found">
        This contact does not exist or was deleted.{' '}
        <Anchor component={Link} to="/contacts">
          Back to Contacts
        </Anchor>
      </Alert>
    );
  }
  const detail = contact.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to="/contacts" size="sm">
          ← Contacts
        </Anchor>
        <ContactActivityReportButton guId={detail.guId} name={detail.fullName} />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <ContactProfileCard contact={detail} />
            <ContactCustomFieldsCard contactId={detail.guId} />
            <ContactFamily contact={detail} />
            <ContactSignedDocumentsCard contactId={detail.guId} />
            <ContactAccountCard contact={detail} />
            <ContactSavedCards guId={detail.guId} />
            <ContactMembershipsPanel contactId={detail.guId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <ContactInvoicesCard contactId={detail.guId} />
            <ContactBookingsCard contactId={detail.guId} />
            <ContactNotes guId={detail.guId} />
            <ContactActivityTimeline guId={detail.guId} />
            <ContactEmailsCard email={detail.email} />
            <ContactDonationsCard contactId={detail.guId} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
