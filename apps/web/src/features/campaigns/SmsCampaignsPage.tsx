import {
  SMS_CAMPAIGN_MESSAGES,
  SMS_CAMPAIGN_STATUS_LABELS,
  type SmsCampaign,
  type SmsCampaignStatus,
} from '@atrium/contracts';
import { Anchor, Badge } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CampaignListScreen, wrapAnywhere } from './CampaignListScreen';
import { CAMPAIGNS_PATH } from './campaign-rules';
import { smsApi, smsCampaignPath, smsKeys } from './sms-api';

const COLOURS: Record<SmsCampaignStatus, string> = {
  draft: 'gray',
  sending: 'blue',
  paused: 'orange',
  sent: 'green',
  cancelled: 'red',
};

export function SmsStatusBadge({ status }: { status: SmsCampaignStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {SMS_CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** /campaign/sms: the studio's text campaigns, newest first, with their numbers. */
export default function SmsCampaignsPage() {
  return (
    <CampaignListScreen<SmsCampaign>
      id="sms-campaigns"
      title="SMS campaigns"
      description="Text your members through your Twilio or Plivo number, in pages, with STOP always honoured."
      otherList={{ to: CAMPAIGNS_PATH, label: 'Email campaigns', icon: <IconMail size={16} aria-hidden /> }}
      kind="SMS campaign"
      createDescription="For you only: members see the text."
      emptyHint="Write your first text with New SMS campaign."
      deletedMessage={SMS_CAMPAIGN_MESSAGES.deleted}
      minWidth={560}
      keys={smsKeys}
      api={smsApi}
      path={smsCampaignPath}
      columns={() => [
        {
          key: 'name',
          header: 'Name',
          cell: (campaign) => (
            <Anchor component={Link} to={smsCampaignPath(campaign.id)} fw={500} size="sm" style={wrapAnywhere}>
              {campaign.name}
            </Anchor>
          ),
        },
        { key: 'status', header: 'Status', cell: (campaign) => <SmsStatusBadge status={campaign.status} /> },
        {
          key: 'sent',
          header: 'Sent',
          cell: (campaign) => (campaign.status === 'draft' ? '—' : `${campaign.report.sent} of ${campaign.total}`),
        },
        {
          key: 'delivered',
          header: 'Delivered',
          cell: (campaign) => (campaign.status === 'draft' ? '—' : String(campaign.report.delivered)),
        },
      ]}
    />
  );
}
