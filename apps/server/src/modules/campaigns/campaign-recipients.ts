import { classTimeLabel } from '@atrium/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { campaigns } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { campaignEmail, type Person, type unsubscribeSigner, unsubscribeUrl } from './campaign-mail.ts';
import type { PreparedBody } from './campaign-render.ts';
import type { Tracker } from './campaign-tracking.ts';

// A recipient as a batch claims them (campaign-sending.ts, campaign-api-sends.ts): their row, the
// merge fields read from the studio's records beside it, and their own email.

/** A recipient's membership and next class, as read beside them (see `personColumns`). */
export interface PersonColumns {
  membership: string | null;
  next_class_name: string | null;
  next_class_at: Date | string | null;
}

/** A claimed recipient's row, with their merge fields. */
export interface ClaimedRecipient extends PersonColumns {
  contact_id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The merge fields read from the studio's records for a contact (`contact` is a SQL reference to its
 * id): the name of its running membership (a gift is not one), and its next booked class that has not
 * started, with its start.
 */
export function personColumns(tenantId: string, contact: SQL, now: Date): SQL {
  return sql`(select s.name from subscriptions s
      where s.tenant_id = ${tenantId}::uuid and s.contact_id = ${contact}
        and s.membership_type <> 'donation' and s.status in ('trialing', 'active', 'past_due', 'paused')
      order by s.created_at desc limit 1) as membership,
    (select cr.name from class_bookings b
      join class_sessions cs on cs.tenant_id = b.tenant_id and cs.id = b.session_id
      join class_rules cr on cr.tenant_id = cs.tenant_id and cr.id = cs.rule_id
      where b.tenant_id = ${tenantId}::uuid and b.contact_id = ${contact} and b.status = 'booked'
        and cs.status = 'scheduled' and cs.starts_at > ${now.toISOString()}::timestamptz
      order by cs.starts_at limit 1) as next_class_name,
    (select cs.starts_at from class_bookings b
      join class_sessions cs on cs.tenant_id = b.tenant_id and cs.id = b.session_id
      where b.tenant_id = ${tenantId}::uuid and b.contact_id = ${contact} and b.status = 'booked'
        and cs.status = 'scheduled' and cs.starts_at > ${now.toISOString()}::timestamptz
      order by cs.starts_at limit 1) as next_class_at`;
}

/** A recipient's own merge fields: names, membership, and next class with its start in the studio's zone. */
export function personOf(row: PersonColumns & { first_name: string; last_name: string }, timeZone: string): Person {
  const at = row.next_class_at ? new Date(row.next_class_at) : null;
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    membership: row.membership ?? '',
    nextClass: row.next_class_name && at ? `${row.next_class_name}, ${classTimeLabel(at, timeZone)}` : '',
  };
}

export type Signer = Awaited<ReturnType<typeof unsubscribeSigner>>;
type Tenant = NonNullable<Awaited<ReturnType<Platform['tenants']['byId']>>>;

/** One recipient's email: their merge fields, their unsubscribe link, and (tracking on) the image and links. */
export function recipientEmail(
  platform: Platform,
  tenant: Tenant,
  campaign: typeof campaigns.$inferSelect,
  prepared: PreparedBody,
  row: ClaimedRecipient,
  sign: Signer,
  tracker: Tracker | null,
) {
  const target = { campaignId: campaign.id, contactId: row.contact_id };
  const email = campaignEmail(
    platform,
    tenant,
    campaign,
    prepared,
    row.email,
    personOf(row, tenant.settings.timezone),
    unsubscribeUrl(platform, tenant, sign(tenant.tenantId, target)),
  );
  return tracker && email.html ? { ...email, html: tracker.track(email.html, target) } : email;
}
