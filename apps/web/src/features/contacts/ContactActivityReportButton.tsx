import { Button, Group, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { apiFile } from '../../lib/api';
import { saveBlob } from '../../lib/save-file';

/** "Ana María Işık" -> "ana-maria-isik"; letters outside a-z dropped (the name stays in the PDF). */
export function activityFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `activity-report${slug ? `-${slug}` : ''}.pdf`;
}

/**
 * Downloads the contact's activity report (GET /cform/pdf/cactivityreport/{id}): bookings and
 * attendance, purchases, memberships and forms as a PDF. The PDF is made on request, so the button
 * says it is working until the file is saved; a failure is a toast (apiFile).
 */
export function ContactActivityReportButton({ guId, name }: { guId: string; name: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveBlob(await apiFile(`/cform/pdf/cactivityreport/${encodeURIComponent(guId)}`), activityFileName(name));
    } catch {
      // the toast has said why
    } finally {
      setBusy(false);
    }
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {busy ? (
        <Text size="sm" c="dimmed" role="status">
          Preparing the report…
        </Text>
      ) : null}
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileDownload size={16} aria-hidden />}
        loading={busy}
        onClick={() => void download()}
      >
        Activity report
      </Button>
    </Group>
  );
}
