import { QBANK_MESSAGES, type QuestionRowProblem, readQuestionCsv } from '@atrium/contracts';
import { Alert, Anchor, Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showSuccessToast } from '../../lib/notify';
import { qbankApi } from './api';
import { SAMPLE_CSV } from './qbank-rules';

interface Props {
  opened: boolean;
  onClose: () => void;
  onImported: () => void;
}

const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

/**
 * Import questions from a CSV file: all or nothing. The file is checked here first (the server's own
 * reader) and every bad line is listed with its line number and column; the server checks again.
 */
export function ImportQuestionsDialog({ opened, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [count, setCount] = useState(0);
  const [problems, setProblems] = useState<QuestionRowProblem[]>([]);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setFile(null);
    setText('');
    setCount(0);
    setProblems([]);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = async (chosen: File | null) => {
    reset();
    if (!chosen) return;
    const read = await chosen.text();
    const { questions, problems: found } = readQuestionCsv(read);
    setFile(chosen);
    setText(read);
    setCount(questions.length);
    setProblems(found);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import questions"
      size={640}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          A CSV file with a first line naming the columns: bank, type, question, options, correct, points, explanation,
          tags, media, rubric. Options, correct answers, tags and rubric criteria are separated by |. Correct holds the
          numbers of the right options (1|3); for a graded question, each option's points (0|1|2). Rubric, for an
          open-ended question, holds each criterion as name:points (Clarity:2|Evidence:3); the question is then worth
          their sum. A file with a bad line is not imported at all.
        </Text>
        <Anchor href={sampleHref} download="questions.csv" size="sm">
          Download a sample file
        </Anchor>
        <Group>
          <FileButton onChange={(chosen) => void choose(chosen)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" {...props}>
                Choose CSV file
              </Button>
            )}
          </FileButton>
          {file ? <Text size="sm">{file.name}</Text> : null}
        </Group>
        {problems.length > 0 ? (
          <Alert
            color="red"
            title={`${problems.length === 1 ? 'One line' : `${problems.length} lines`} to fix; nothing was imported`}
          >
            <List size="sm" spacing={2}>
              {problems.slice(0, 50).map((p) => (
                <List.Item key={`${p.line}-${p.field}`}>
                  {p.line > 0 ? `Line ${p.line}, ${p.field}: ` : ''}
                  {p.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : file ? (
          <Text size="sm" role="status">
            {count === 1 ? '1 question' : `${count} questions`} ready to import.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            loading={pending}
            disabled={!file || problems.length > 0 || count === 0}
            onClick={async () => {
              setPending(true);
              try {
                const { imported } = await qbankApi.import(text);
                showSuccessToast(imported === 1 ? '1 question imported.' : `${imported} questions imported.`);
                onImported();
                close();
              } catch (error) {
                const message = error instanceof Error ? error.message : QBANK_MESSAGES.csvEmpty;
                setProblems([{ line: 0, field: isApiError(error) ? (error.field ?? 'csv') : 'csv', message }]);
              }
              setPending(false);
            }}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
