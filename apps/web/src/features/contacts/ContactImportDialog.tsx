import {
  type ContactImportDryRun,
  type ContactImportResult,
  guessImportMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_REQUIRED_FIELDS,
  type ImportField,
  isBlankRecord,
  parseCsv,
} from '@atrium/contracts';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ContactCategoryField } from './ContactCategoryField';
import { contactKeys } from './hooks';
import { importApi } from './import-api';
import { rejectedRowsCsv } from './import-format';

type Mapping = Record<ImportField, string | null>;
type Stage = 'pick' | 'review' | 'importing' | 'done';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** How many rejected rows the result lists on screen; the download has them all. */
const SHOWN_REJECTED = 200;

/**
 * Contact CSV import (spec 3 §7.4 /rest/contact/import): pick a file, map its columns (guessed
 * from the headers), check the server's per-row preview, import with progress, then see and
 * download the rejected rows with their reasons. Lazy-loaded from the contact list.
 */
export default function ContactImportDialog({ opened, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [preview, setPreview] = useState<ContactImportDryRun | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [stage, setStage] = useState<Stage>('pick');
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<ContactImportResult | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const previewCall = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setFileError(null);
    setColumns([]);
    setMapping(null);
    setPreview(null);
    setStage('pick');
    setProgress(0);
    setResult(null);
  }, [opened]);

  async function runPreview(chosen: File, next: Mapping) {
    previewCall.current?.abort();
    const controller = new AbortController();
    previewCall.current = controller;
    setPreviewing(true);
    try {
      const answer = await importApi.preview({
        file: chosen,
        fileName: chosen.name,
        mapping: next,
        signal: controller.signal,
      });
      if (!controller.signal.aborted) setPreview(answer);
    } catch {
      if (!controller.signal.aborted) setPreview(null);
    } finally {
      if (!controller.signal.aborted) setPreviewing(false);
    }
  }

  async function pickFile(chosen: File | null) {
    setFile(chosen);
    setFileError(null);
    setPreview(null);
    setColumns([]);
    setMapping(null);
    setStage('pick');
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFileError('The file is larger than 10 MB.');
      return;
    }
    const header = parseCsv(await chosen.slice(0, 64 * 1024).text()).find((record) => !isBlankRecord(record));
    if (!header) {
      setFileError('The file is empty: the first row must name the columns.');
      return;
    }
    const names = header.map((cell) => cell.trim());
    const guessed = guessImportMapping(names);
    setColumns(names);
    setMapping(guessed);
    setStage('review');
    await runPreview(chosen, guessed);
  }

  function changeMapping(field: ImportField, column: string | null) {
    if (!file || !mapping) return;
    const next = { ...mapping, [field]: column };
    setMapping(next);
    void runPreview(file, next);
  }

  async function startImport() {
    if (!file || !mapping) return;
    setStage('importing');
    setProgress(0);
    try {
      const answer = await importApi.commit({
        file,
        fileName: file.name,
        mapping,
        categoryId: categoryId ?? undefined,
        onProgress: setProgress,
      });
      setResult(answer);
      setStage('done');
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    } catch {
      setStage('review');
    }
  }

  async function downloadRejected() {
    if (!file || !result) return;
    const csv = rejectedRowsCsv(await file.text(), result.rejected);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${file.name.replace(/\.csv$/i, '')}-rejected.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const unmapped = mapping ? IMPORT_REQUIRED_FIELDS.filter((field) => !mapping[field]) : [];
  const canImport = stage === 'review' && !previewing && preview !== null && unmapped.length === 0 && preview.valid > 0;

  return (
    <Modal
      opened={opened}
      onClose={stage === 'importing' ? () => {} : onClose}
      title="Import Contacts"
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={stage !== 'importing'}
      withCloseButton={stage !== 'importing'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {stage !== 'done' ? (
          <>
            <FileInput
              label="CSV file"
              description="UTF-8 CSV, 10 MB at most. The first row names the columns."
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => void pickFile(chosen)}
              error={fileError}
              disabled={stage === 'importing'}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the file' }}
            />

            <ContactCategoryField value={categoryId} onChange={setCategoryId} disabled={stage === 'importing'} />

            {mapping ? (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={stage === 'importing'}>
                <Text component="legend" fw={600} size="sm" mb="xs">
                  Match the columns
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {IMPORT_FIELDS.map((field) => {
                    const required = IMPORT_REQUIRED_FIELDS.includes(field);
                    return (
                      <Select
                        key={field}
                        label={IMPORT_FIELD_LABELS[field]}
                        withAsterisk={required}
                        placeholder="Not imported"
                        data={columns.filter(Boolean)}
                        value={mapping[field]}
                        onChange={(value) => changeMapping(field, value)}
                        clearable={!required}
                        error={required && !mapping[field] ? 'Choose the column' : undefined}
                      />
                    );
                  })}
                </SimpleGrid>
              </fieldset>
            ) : null}

            {stage === 'review' || stage === 'importing' ? (
              <PreviewTable preview={preview} loading={previewing} />
            ) : null}

            {stage === 'importing' ? (
              <Stack gap={4}>
                <Text size="sm" id="import-progress-label" aria-live="polite">
                  {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Importing contacts…'}
                </Text>
                <Progress
                  aria-labelledby="import-progress-label"
                  value={progress < 1 ? Math.round(progress * 100) : 100}
                  striped={progress >= 1}
                  animated={progress >= 1}
                />
              </Stack>
            ) : null}

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={stage === 'importing'}>
                Cancel
              </Button>
              <Button onClick={startImport} disabled={!canImport} loading={stage === 'importing'}>
                {preview && preview.valid > 0
                  ? `Import ${preview.valid} contact${preview.valid === 1 ? '' : 's'}`
                  : 'Import'}
              </Button>
            </Group>
          </>
        ) : result ? (
          <ImportOutcome result={result} onDownload={downloadRejected} onClose={onClose} />
        ) : null}
      </Stack>
    </Modal>
  );
}

function PreviewTable({ preview, loading }: { preview: ContactImportDryRun | null; loading: boolean }) {
  if (!preview) {
    return loading ? (
      <Group justify="center" py="md">
        <Loader aria-label="Checking the file" />
      </Group>
    ) : null;
  }
  const skipped = preview.rejected.length;
  return (
    <Stack gap="xs">
      <Text size="sm" aria-live="polite">
        {loading ? 'Checking… ' : ''}
        {`${preview.valid} of ${preview.total} rows ready to import`}
        {skipped > 0 ? `; ${skipped} row${skipped === 1 ? '' : 's'} will be skipped.` : '.'}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing={4} fz="sm" striped>
          <Table.Caption>Preview of the first {preview.preview.length} rows</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              {IMPORT_FIELDS.map((field) => (
                <Table.Th key={field}>{IMPORT_FIELD_LABELS[field]}</Table.Th>
              ))}
              <Table.Th>Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.preview.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                {IMPORT_FIELDS.map((field) => (
                  <Table.Td key={field}>{row.values[field]}</Table.Td>
                ))}
                <Table.Td>
                  {row.reasons.length === 0 ? (
                    <Badge color="teal" variant="light">
                      OK
                    </Badge>
                  ) : (
                    <Text size="sm" c="red.8">
                      {row.reasons.join('; ')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ImportOutcome({
  result,
  onDownload,
  onClose,
}: {
  result: ContactImportResult;
  onDownload: () => void;
  onClose: () => void;
}) {
  const rejected = result.rejected;
  return (
    <Stack gap="md" aria-live="polite">
      <Alert color={result.imported > 0 ? 'teal' : 'yellow'} title="Import finished">
        {`Imported ${result.imported} contact${result.imported === 1 ? '' : 's'}.`}
        {rejected.length > 0 ? ` ${rejected.length} row${rejected.length === 1 ? ' was' : 's were'} not imported.` : ''}
      </Alert>
      {rejected.length > 0 ? (
        <>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} fz="sm" striped aria-label="Rejected rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Reasons</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rejected.slice(0, SHOWN_REJECTED).map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.email || '—'}</Table.Td>
                    <Table.Td>{row.reasons.join('; ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rejected.length > SHOWN_REJECTED ? (
            <Text size="sm" c="dimmed">
              {`Showing the first ${SHOWN_REJECTED} of ${rejected.length}; the download has them all.`}
            </Text>
          ) : null}
        </>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {rejected.length > 0 ? (
          <Button variant="default" onClick={onDownload}>
            Download rejected rows
          </Button>
        ) : null}
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
