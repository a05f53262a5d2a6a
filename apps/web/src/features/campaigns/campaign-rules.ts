import {
  type AudienceKind,
  type Campaign,
  type CampaignAudience,
  type CampaignStatus,
  MEMBERSHIP_STATE_LABELS,
  type MembershipState,
} from '@atrium/contracts';

export const CAMPAIGNS_PATH = '/campaign';
export const campaignPath = (id: string) => `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`;

/** A draft or a scheduled campaign can still be changed; the rest are read-only. */
export const isEditable = (status: CampaignStatus) => status === 'draft' || status === 'scheduled';
export const isCancellable = (status: CampaignStatus) =>
  status === 'scheduled' || status === 'sending' || status === 'paused';

export const STATUS_COLOURS: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'orange',
  paused: 'yellow',
  sent: 'green',
  cancelled: 'red',
};

/** "3 of 9 sent", or "—" before sending. */
export function progressLabel(campaign: Pick<Campaign, 'status' | 'sent' | 'total'>): string {
  if (campaign.status === 'draft' || campaign.status === 'scheduled') return '—';
  return `${campaign.sent} of ${campaign.total} sent`;
}

/** 0 to 100, for the progress bar. */
export function progressPercent(campaign: Pick<Campaign, 'sent' | 'total'>): number {
  if (campaign.total <= 0) return 0;
  return Math.min(100, Math.round((campaign.sent / campaign.total) * 100));
}

/** The audience a kind starts with when it is picked in the builder. */
export function audienceOfKind(kind: AudienceKind, previous?: CampaignAudience): CampaignAudience {
  const days = previous && 'days' in previous && previous.days ? previous.days : 30;
  switch (kind) {
    case 'all':
      return { kind };
    case 'tags':
      return { kind, tags: previous?.kind === 'tags' ? previous.tags : [] };
    case 'membership':
      return { kind, membershipState: 'active' };
    case 'no_visit':
      return { kind, days };
    case 'custom_field':
      return previous?.kind === 'custom_field' ? previous : { kind, customFieldId: '', value: '' };
  }
}

/** An audience the server can count (a tag picked, a field chosen, days given). */
export function isCountable(audience: CampaignAudience): boolean {
  switch (audience.kind) {
    case 'tags':
      return audience.tags.length > 0;
    case 'custom_field':
      return audience.customFieldId !== '';
    case 'membership':
      return audience.membershipState !== 'lapsed' || (audience.days ?? 0) > 0;
    case 'no_visit':
      return audience.days > 0;
    default:
      return true;
  }
}

/** Who a campaign goes to, in words (the list and the confirmation). */
export function audienceSummary(audience: CampaignAudience, fieldName?: (id: string) => string | undefined): string {
  switch (audience.kind) {
    case 'all':
      return 'All contacts';
    case 'tags':
      return `Tagged ${audience.tags.join(', ') || '(no tag yet)'}`;
    case 'membership':
      return audience.membershipState === 'lapsed'
        ? `Memberships that lapsed in the last ${audience.days ?? 30} days`
        : MEMBERSHIP_STATE_LABELS[audience.membershipState as MembershipState];
    case 'no_visit':
      return `No visit in ${audience.days} days`;
    case 'custom_field':
      return `${fieldName?.(audience.customFieldId) ?? 'A custom field'} is "${audience.value}"`;
  }
}

/** "1 contact" / "12 contacts". */
export const contactsLabel = (count: number) => `${count} contact${count === 1 ? '' : 's'}`;

/** Where a server refusal shows in the editor: the audience's details (audience.tags, customFieldId) under the audience. */
export const formFieldOf = (field: string) =>
  field.startsWith('audience') || field === 'customFieldId' ? 'audience' : field;
