import type { CampaignReport, MailchimpReportStatus } from '@atrium/contracts';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { smsApi, smsKeys } from './sms-api';

const percent = (part: number, whole: number) => (whole > 0 ? ` (${Math.round((part / whole) * 100)}%)` : '');

/** A campaign's numbers: sent, delivered, opened, clicked, bounced, unsubscribed (email or SMS). */
export function CampaignReportCard({ report }: { report: CampaignReport }) {
  const figures: Array<[string, string]> = [
    ['Sent', `${report.sent} of ${report.recipients}`],
    ['Delivered', `${report.delivered}${percent(report.delivered, report.sent)}`],
    ['Opened', report.opened === null ? '—' : `${report.opened}${percent(report.opened, report.delivered)}`],
    ['Clicked', report.clicked === null ? '—' : `${report.clicked}${percent(report.clicked, report.delivered)}`],
    [report.channel === 'sms' ? 'Failed' : 'Bounced', String(report.bounced)],
    ['Unsubscribed', String(report.unsubscribed)],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="campaign-report-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="campaign-report-title">
          Report
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {figures.map(([label, value]) => (
            <div key={label} data-testid={`report-${label.toLowerCase()}`}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
        {report.mailchimp ? (
          <MailchimpNote status={report.mailchimp} tracking={report.opened !== null} />
        ) : report.channel === 'sms' ? (
          <Text size="xs" c="dimmed">
            Texts have no opens or clicks.
            {report.pending > 0 ? ` ${report.pending} still to send.` : ''}
            {report.unconfirmed > 0
              ? ` ${report.unconfirmed} not confirmed (sending stopped before the provider answered; not sent again).`
              : ''}
          </Text>
        ) : report.opened === null ? (
          <Text size="xs" c="dimmed">
            Opens and clicks are counted when tracking is on for the campaign.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where a Mailchimp campaign's numbers come from, when they were read, and a failed read's reason. */
function MailchimpNote({ status, tracking }: { status: MailchimpReportStatus; tracking: boolean }) {
  return (
    <Stack gap={4} data-testid="report-mailchimp">
      <Text size="xs" c="dimmed">
        {status.readAt
          ? `Numbers from Mailchimp's report, read ${when(status.readAt)}: totals for the campaign, not per recipient` +
            ` (bounced: ${status.hardBounces} hard, ${status.softBounces} soft).`
          : 'Sent through Mailchimp: its report (opens, clicks, bounces, unsubscribes) has not been read yet. It is read after sending and every hour for 5 days.'}
        {status.readAt && !tracking ? ' Opens and clicks were not tracked for this campaign.' : ''}
      </Text>
      {status.error ? (
        <Alert color="yellow" p="xs" title="Mailchimp's report could not be read">
          <Text size="xs">
            {status.checkedAt ? `At ${when(status.checkedAt)}: ` : ''}
            {status.error}{' '}
            {status.readAt
              ? `The numbers shown are the last ones read, ${when(status.readAt)}.`
              : 'No numbers have been read yet.'}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** An email campaign's report, read from the server (refreshed while it sends). */
export function EmailCampaignReport({ campaignId, sending }: { campaignId: string; sending: boolean }) {
  const report = useQuery({
    queryKey: smsKeys.emailReport(campaignId),
    queryFn: () => smsApi.emailReport(campaignId),
    refetchInterval: sending ? 3000 : false,
  });
  return report.data ? <CampaignReportCard report={report.data} /> : null;
}
