import type { SignedDocument, SignedDocumentVerification } from '@atrium/contracts';
import { FORM_TEXTS, VERIFY_TEXTS } from '@atrium/contracts';
import { Anchor, Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Busy } from '../../app/components/Busy';
import { formsApi } from './api';

function DocumentLink({ doc, refused }: { doc: SignedDocument; refused: boolean }) {
  if (refused) return <Text size="sm">{VERIFY_TEXTS.refused}</Text>;
  if (doc.status === 'COMPLETE') {
    return (
      <Anchor href={doc.downloadUrl} download>
        {FORM_TEXTS.downloadFile}
      </Anchor>
    );
  }
  return <Text size="sm">{doc.status === 'ERROR' ? FORM_TEXTS.failed : FORM_TEXTS.inProgress}</Text>;
}

/**
 * Staff's Verify: the server recomputes the answers' hash and the stored PDF's and says whether the
 * document is unchanged since signed; a changed one is no longer offered for download.
 */
function VerifiedDocument({ doc }: { doc: SignedDocument }) {
  const verify = useMutation({ mutationFn: () => formsApi.verify(doc._id) });
  const result: SignedDocumentVerification | undefined = verify.data;
  const changed = result !== undefined && (!result.contentUnchanged || result.fileUnchanged === false);
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <DocumentLink doc={doc} refused={changed} />
        <Button
          size="compact-sm"
          variant="default"
          loading={verify.isPending}
          onClick={() => verify.mutate()}
          aria-label={`Verify ${doc.formName} signed ${doc.signedAt}`}
        >
          Verify
        </Button>
      </Group>
      <div role="status">
        {result ? (
          <Text size="sm" fw={600} c={result.verified ? 'teal.9' : changed ? 'red.9' : 'dark.7'}>
            {result.verified ? 'Verified: ' : changed ? 'Not as signed: ' : ''}
            {result.message}
          </Text>
        ) : verify.isError ? (
          <Text size="sm" c="red.9">
            {verify.error instanceof Error ? verify.error.message : 'The document could not be verified.'}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}

/** Submissions with each signature's audit trail (signer, time in the tenant's zone, IP, browser, hash). */
export function SignedDocumentList({ docs, audit }: { docs: SignedDocument[]; audit: boolean }) {
  if (docs.length === 0) return <Text c="dimmed">No forms signed yet.</Text>;
  return (
    <Stack gap="sm">
      {docs.map((doc) => (
        <Card key={doc._id} withBorder padding="sm">
          <Stack gap={4}>
            <Text fw={600}>
              {doc.formName}{' '}
              {doc.formType === 'WAIVER' ? (
                <Badge size="sm" color="gray.8">
                  Waiver
                </Badge>
              ) : null}{' '}
              {doc.awaitingConfirmation ? (
                <Badge size="sm" color="orange.9">
                  Awaiting the member's confirmation
                </Badge>
              ) : null}
            </Text>
            <Text size="sm">Signed {doc.signedAt}</Text>
            {audit ? <VerifiedDocument doc={doc} /> : <DocumentLink doc={doc} refused={false} />}
            {audit ? (
              <Table variant="vertical" withTableBorder fz="sm" aria-label={`Audit trail of ${doc.formName}`}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>Signer</Table.Th>
                    <Table.Td>
                      {doc.signerName} ({doc.signerEmail})
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Td>{doc.signedAt}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>IP address</Table.Th>
                    <Table.Td>{doc.ip}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>User agent</Table.Th>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{doc.userAgent}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Document SHA-256</Table.Th>
                    <Table.Td>
                      <Code style={{ wordBreak: 'break-all' }}>{doc.documentHash}</Code>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The contact detail's card: the waiver status (when the tenant requires it) and the signed documents. */
export function ContactSignedDocumentsCard({ contactId }: { contactId: string }) {
  const docs = useQuery({
    queryKey: ['forms', 'contact', contactId],
    queryFn: () => formsApi.contactDocuments(contactId),
  });
  const waiver = useQuery({
    queryKey: ['forms', 'waiver', contactId],
    queryFn: () => formsApi.contactWaiver(contactId),
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Forms and Signatures
        </Title>
        {waiver.data?.isWaiverFormToBeSigned ? (
          <Text>
            Waiver:{' '}
            {waiver.data.hasSigned ? (
              <Badge color="teal.9">Signed {waiver.data.signedAt}</Badge>
            ) : (
              <Badge color="red.9">Not signed</Badge>
            )}
          </Text>
        ) : null}
        {docs.isPending ? <Busy /> : <SignedDocumentList docs={docs.data ?? []} audit />}
      </Stack>
    </Card>
  );
}

/** The student's My Registration (/myregistration): their submissions and documents. */
export default function MyRegistrationPage() {
  const docs = useQuery({ queryKey: ['forms', 'mine'], queryFn: formsApi.mine });
  return (
    <Stack>
      <Title order={1} size="h2">
        My Registrations
      </Title>
      {docs.isPending ? <Busy /> : <SignedDocumentList docs={docs.data ?? []} audit={false} />}
    </Stack>
  );
}
