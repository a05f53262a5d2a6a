import type { CampaignAudience } from '@atrium/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customFields } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { textArray } from '../contacts/contact-list.repo.ts';

// Who a campaign goes to (docs/decisions/campaigns.md "Audiences"). One SQL condition on the
// studio's contacts (alias c) per kind, always within one tenant, always without the addresses that
// unsubscribed, bounced or complained and without contacts who opted out of the mailing list.

const DAY_MS = 86_400_000;

/** Memberships (not recurring gifts) that still run. */
const LIVE = sql`('trialing', 'active', 'past_due', 'paused')`;

export function kindCondition(tenantId: string, audience: CampaignAudience, now: Date): SQL {
  switch (audience.kind) {
    case 'all':
      return sql`true`;
    case 'tags': {
      const wanted = [...new Set(audience.tags.map((tag) => tag.toLowerCase()))];
      return sql`exists (select 1 from unnest(c.tags) as t(tag) where lower(t.tag) = any(${textArray(wanted)}))`;
    }
    case 'membership': {
      const ofContact = sql`s.tenant_id = c.tenant_id and s.contact_id = c.id and s.item_id is not null`;
      if (audience.membershipState === 'active') {
        return sql`exists (select 1 from subscriptions s where ${ofContact} and s.status in ('trialing', 'active'))`;
      }
      if (audience.membershipState === 'past_due') {
        return sql`exists (select 1 from subscriptions s where ${ofContact} and s.status = 'past_due')`;
      }
      const since = new Date(now.getTime() - (audience.days ?? 30) * DAY_MS);
      return sql`not exists (select 1 from subscriptions s where ${ofContact} and s.status in ${LIVE})
        and exists (select 1 from subscriptions s where ${ofContact}
          and s.status in ('cancelled', 'completed', 'suspended')
          and coalesce(s.cancelled_at, s.period_ends_at, s.started_at) >= ${since.toISOString()}::timestamptz
          and coalesce(s.cancelled_at, s.period_ends_at, s.started_at) <= ${now.toISOString()}::timestamptz)`;
    }
    case 'no_visit': {
      const since = new Date(now.getTime() - audience.days * DAY_MS);
      const visited = sql`b.tenant_id = c.tenant_id and b.contact_id = c.id and b.attended_at is not null`;
      return sql`exists (select 1 from class_bookings b where ${visited})
        and not exists (select 1 from class_bookings b where ${visited} and b.attended_at >= ${since.toISOString()}::timestamptz)`;
    }
    case 'custom_field':
      return sql`exists (select 1 from contact_custom_values v where v.tenant_id = ${tenantId}::uuid
        and v.contact_id = c.id and v.custom_field_id = ${audience.customFieldId}::uuid
        and lower(btrim(v.value)) = ${audience.value.trim().toLowerCase()})`;
  }
}

/** The audience's condition on `contacts c`, with the tenant and every opt-out applied. */
export function audienceCondition(tenantId: string, audience: CampaignAudience, now: Date): SQL {
  return sql`c.tenant_id = ${tenantId}::uuid
    and c.role = 'student' and not c.is_walkin and c.email <> ''
    and c.subscribe_to_mailing_list
    and not exists (select 1 from email_suppressions x where x.tenant_id = c.tenant_id and x.email = lower(c.email))
    and ${kindCondition(tenantId, audience, now)}`;
}

/** A custom-field audience names one of the studio's contact fields; anything else is a 400 naming it. */
export async function checkAudience(tx: Tx, tenantId: string, audience: CampaignAudience): Promise<void> {
  if (audience.kind !== 'custom_field') return;
  const [field] = await tx
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.tenantId, tenantId),
        eq(customFields.id, audience.customFieldId),
        sql`${customFields.formId} is null`,
      ),
    );
  if (!field) throw badRequest('customFieldId', 'customFieldId is not a custom field of this studio.');
}

/** Rows of raw SQL (both drivers answer `{ rows }`). */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function countAudience(tx: Tx, tenantId: string, audience: CampaignAudience, now: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from contacts c where ${audienceCondition(tenantId, audience, now)}`,
  );
  return Number(row?.n ?? 0);
}

/** Makes the campaign's recipient rows once (a second call adds nobody twice); answers how many there are. */
export async function materialiseRecipients(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  audience: CampaignAudience,
  now: Date,
): Promise<number> {
  await tx.execute(sql`insert into campaign_recipients (tenant_id, campaign_id, contact_id, email, first_name, last_name)
    select c.tenant_id, ${campaignId}::uuid, c.id, c.email, c.name, c.last_name
    from contacts c where ${audienceCondition(tenantId, audience, now)}
    on conflict do nothing`);
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from campaign_recipients where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid`,
  );
  return Number(row?.n ?? 0);
}
