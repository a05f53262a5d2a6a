import { CAMPAIGN_MESSAGES, CAMPAIGN_STATUS_LABELS, type Campaign, type CampaignStatus } from '@atrium/contracts';
import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { campaignKeys, campaignsApi } from './api';
import { CampaignListScreen, wrapAnywhere } from './CampaignListScreen';
import { campaignPath, contactsLabel, progressLabel, STATUS_COLOURS } from './campaign-rules';
import { SMS_CAMPAIGNS_PATH } from './sms-api';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** /campaign: the studio's email campaigns, newest first, with where each one's sending stands. */
export default function CampaignsPage() {
  return (
    <CampaignListScreen<Campaign>
      id="campaigns"
      title="Campaigns"
      description="Email your members: a message, an audience counted before you send, sent in batches with a one-click unsubscribe."
      otherList={{ to: SMS_CAMPAIGNS_PATH, label: 'SMS campaigns' }}
      kind="campaign"
      createDescription="For you only: members see the subject."
      emptyHint="Write your first campaign with New campaign."
      deletedMessage={CAMPAIGN_MESSAGES.deleted}
      minWidth={720}
      keys={campaignKeys}
      api={campaignsApi}
      path={campaignPath}
      columns={(zone) => [
        {
          key: 'name',
          header: 'Name',
          cell: (campaign) => (
            <>
              <Anchor component={Link} to={campaignPath(campaign.id)} fw={500} size="sm" style={wrapAnywhere}>
                {campaign.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={wrapAnywhere}>
                {campaign.subject || 'No subject yet'}
              </Text>
            </>
          ),
        },
        { key: 'status', header: 'Status', cell: (campaign) => <CampaignStatusBadge status={campaign.status} /> },
        { key: 'audience', header: 'Audience', cell: (campaign) => contactsLabel(campaign.audienceSize) },
        { key: 'sent', header: 'Sent', cell: (campaign) => progressLabel(campaign) },
        {
          key: 'scheduled',
          header: 'Scheduled',
          cell: (campaign) => (campaign.scheduledAt ? formatDateTime(campaign.scheduledAt, zone) : '—'),
        },
      ]}
    />
  );
}
