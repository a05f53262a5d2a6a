import {
  REPORT_EMAIL_MAX_RECIPIENTS,
  ReportEmailRecipients,
  type ReportEmailResult,
  splitRecipients,
} from '@atrium/contracts';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { apiRequest } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { showSuccessToast } from '../../lib/notify';
import { useSession } from '../session/session-store';
import { REPORT_KINDS, type ReportParams } from './report-params';

/**
 * POST {report's path}/email: the report of these params (range, grouping, filters) mailed as a PDF
 * (the mail job makes and sends it).
 */
function emailReport(params: ReportParams, recipients: string[]): Promise<ReportEmailResult> {
  const { report, from, to, groupBy, filters } = params;
  return apiRequest<ReportEmailResult>(`${REPORT_KINDS[report].path}/email`, {
    method: 'POST',
    body: { from, to, groupBy, ...filters, recipients },
    silent: true,
  });
}

/**
 * "Email as PDF" beside the CSV download: a dialog with the recipients (the signed-in person's own
 * address to start with), Send with progress, a toast once it is on its way, errors in red under it.
 */
export function EmailReportButton({ params }: { params: ReportParams }) {
  const { user } = useSession();
  const title = REPORT_KINDS[params.report].title;
  const [opened, setOpened] = useState(false);
  const [recipients, setRecipients] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (to: string[]) => emailReport(params, to) });

  const open = () => {
    setRecipients(user?.email ?? '');
    setFieldError(null);
    send.reset();
    setOpened(true);
  };
  const submit = async () => {
    const to = splitRecipients(recipients);
    if (to.length === 0) return setFieldError('Enter at least one email address.');
    const checked = ReportEmailRecipients.safeParse(to);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const address = typeof issue?.path[0] === 'number' ? to[issue.path[0]] : undefined;
      return setFieldError(
        address ? `${address} is not a valid email address.` : (issue?.message ?? 'Check the addresses.'),
      );
    }
    setFieldError(null);
    try {
      const sent = await send.mutateAsync(to);
      showSuccessToast(`The ${title.toLowerCase()} report is on its way to ${sent.recipients.join(', ')}.`);
      setOpened(false);
    } catch (error) {
      if (isApiError(error) && error.field?.startsWith('recipients')) setFieldError(error.message);
    }
  };
  const otherError =
    send.error && !(isApiError(send.error) && send.error.field?.startsWith('recipients'))
      ? send.error instanceof Error
        ? send.error.message
        : 'The report could not be sent. Please try again.'
      : null;

  return (
    <>
      <Button variant="light" onClick={open}>
        Email as PDF
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Email the ${title.toLowerCase()} report`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form
          aria-label={`Email the ${title.toLowerCase()} report`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              The report as it shows now ({params.from} to {params.to}), as a PDF table with its totals.
            </Text>
            <Textarea
              label="Send to"
              description={`Email addresses, separated by commas (up to ${REPORT_EMAIL_MAX_RECIPIENTS}).`}
              rows={2}
              required
              value={recipients}
              onChange={(event) => setRecipients(event.currentTarget.value)}
              error={fieldError}
            />
            {otherError ? (
              <Text c="red.9" size="sm" role="alert">
                {otherError}
              </Text>
            ) : null}
            <FormActions onCancel={() => setOpened(false)} pending={send.isPending} submitLabel="Send" />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
