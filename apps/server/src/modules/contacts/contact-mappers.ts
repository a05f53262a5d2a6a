import {
  CONTACT_STATUSES,
  type ContactActivity,
  type ContactDetail,
  type ContactListRow,
  type ContactNote,
  type ContactRelative,
  type ContactStatus,
  isStaffRole,
  lastDateInZone,
} from '@atrium/contracts';
import type { ContactListRecord } from './contact-list.repo.ts';
import type { ContactRow, RelativeRow } from './contact-records.repo.ts';
import type { ActivityRow, NoteRow } from './contact-timeline.repo.ts';

const joinName = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

/** Stored flags in the spec's order, plus 'staff' for anyone with a staff role. */
export function statusesOf(row: Pick<ContactListRecord, 'statuses' | 'role'>): ContactStatus[] {
  const set = new Set<string>(row.statuses);
  if (isStaffRole(row.role)) set.add('staff');
  return CONTACT_STATUSES.filter((status) => set.has(status));
}

/** `timeZone`: the tenant's, in which a membership's last day is counted. */
export function toListRow(row: ContactListRecord, timeZone: string): ContactListRow {
  const statuses = statusesOf(row);
  return {
    guId: row.id,
    name: joinName(row.name, row.lastName),
    firstName: row.name,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    picture: row.picture,
    claim: row.hasPassword,
    balance: Number(row.balance),
    leadsource: row.leadSource,
    mcStatus: null,
    isUnread: row.isUnread,
    isLead: statuses.includes('lead'),
    statuses,
    tags: row.tags,
    role: row.role,
    // the last day the membership covers, as the studio's calendar reads it
    lastActiveMembershipExpiresOn: row.lastMembershipEndsAt
      ? lastDateInZone(new Date(row.lastMembershipEndsAt), timeZone)
      : null,
    dateCreated: row.createdAt.toISOString(),
    dateUpdated: row.updatedAt.toISOString(),
  };
}

export function toRelative(row: RelativeRow): ContactRelative {
  return { guId: row.id, name: joinName(row.name, row.lastName), email: row.email, phone: row.phone };
}

export function toDetail(
  row: ContactRow & { lastMembershipEndsAt?: Date | string | null },
  children: RelativeRow[],
  guardians: RelativeRow[],
  timeZone: string,
): ContactDetail {
  const base = toListRow({ ...row, hasPassword: row.passwordHash !== null }, timeZone);
  return {
    ...base,
    fullName: base.name,
    address: row.address,
    company: row.company,
    dateOfBirth: row.dateOfBirth,
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    grnNumber: row.grnNumber,
    hasSignedWaiverForm: row.hasSignedWaiverForm,
    subscribeToMailingList: row.subscribeToMailingList,
    isMember: base.statuses.includes('member'),
    isTeacher: row.isTeacher,
    isParent: children.length > 0,
    isWalkin: row.isWalkin,
    isEmailVerified: row.isEmailVerified,
    isSuspended: row.isSuspended,
    customFieldsVals: {},
    children: children.map(toRelative),
    guardian: guardians.map(toRelative),
  };
}

export function toNote(row: NoteRow): ContactNote {
  return {
    id: row.id,
    note: row.body,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toActivity(row: ActivityRow): ContactActivity {
  return {
    id: row.id,
    type: row.type as ContactActivity['type'],
    title: row.title,
    description: row.description,
    occurredAt: row.occurredAt.toISOString(),
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
