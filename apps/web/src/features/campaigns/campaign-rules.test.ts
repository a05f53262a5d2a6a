import { describe, expect, it } from 'vitest';
import {
  audienceOfKind,
  audienceSummary,
  contactsLabel,
  formFieldOf,
  isCancellable,
  isCountable,
  isEditable,
  progressLabel,
  progressPercent,
} from './campaign-rules';

describe('campaign rules', () => {
  it('edits drafts and scheduled campaigns, cancels scheduled and sending ones', () => {
    expect(isEditable('draft')).toBe(true);
    expect(isEditable('scheduled')).toBe(true);
    expect(isEditable('sending')).toBe(false);
    expect(isEditable('sent')).toBe(false);
    expect(isCancellable('sending')).toBe(true);
    expect(isCancellable('draft')).toBe(false);
    expect(isCancellable('sent')).toBe(false);
  });

  it('shows progress once sending started', () => {
    expect(progressLabel({ status: 'draft', sent: 0, total: 0 })).toBe('—');
    expect(progressLabel({ status: 'sending', sent: 3, total: 9 })).toBe('3 of 9 sent');
    expect(progressPercent({ sent: 3, total: 9 })).toBe(33);
    expect(progressPercent({ sent: 0, total: 0 })).toBe(0);
  });

  it('starts each audience kind countable or says what is missing', () => {
    expect(isCountable(audienceOfKind('all'))).toBe(true);
    expect(isCountable(audienceOfKind('tags'))).toBe(false);
    expect(isCountable({ kind: 'tags', tags: ['yoga'] })).toBe(true);
    expect(audienceOfKind('no_visit')).toEqual({ kind: 'no_visit', days: 30 });
    expect(isCountable(audienceOfKind('custom_field'))).toBe(false);
    expect(audienceOfKind('tags', { kind: 'tags', tags: ['vip'] })).toEqual({ kind: 'tags', tags: ['vip'] });
  });

  it('says who a campaign goes to in words', () => {
    expect(audienceSummary({ kind: 'all' })).toBe('All contacts');
    expect(audienceSummary({ kind: 'tags', tags: ['yoga', 'vip'] })).toBe('Tagged yoga, vip');
    expect(audienceSummary({ kind: 'membership', membershipState: 'lapsed', days: 60 })).toBe(
      'Memberships that lapsed in the last 60 days',
    );
    expect(audienceSummary({ kind: 'no_visit', days: 30 })).toBe('No visit in 30 days');
    expect(contactsLabel(1)).toBe('1 contact');
    expect(contactsLabel(12)).toBe('12 contacts');
  });

  it('shows a refusal about the audience under the audience, others under their field', () => {
    expect(formFieldOf('audience.tags')).toBe('audience');
    expect(formFieldOf('customFieldId')).toBe('audience');
    expect(formFieldOf('audience')).toBe('audience');
    expect(formFieldOf('bodyHtml')).toBe('bodyHtml');
    expect(formFieldOf('scheduledAt')).toBe('scheduledAt');
  });
});
