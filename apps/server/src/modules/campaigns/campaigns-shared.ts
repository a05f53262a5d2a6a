import { CAMPAIGN_MESSAGES, unknownMergeFields } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';

// What the campaign services share: the row, its lookup and the refusals they give alike.

export type CampaignRow = typeof campaigns.$inferSelect;

export const campaignNotFound = () => notFound('Campaign');
export const conflict = (message: string) => new AppError(409, 'conflict', message);

/** Subject and body may use only the known merge fields: anything else is a 400 naming the field. */
export function checkMergeFields(subject: string, bodyHtml: string, bodyMjml = ''): void {
  for (const [field, text] of [
    ['subject', subject],
    ['bodyHtml', bodyHtml],
    ['bodyMjml', bodyMjml],
  ] as const) {
    const [unknown] = unknownMergeFields(text);
    if (unknown !== undefined) throw badRequest(field, CAMPAIGN_MESSAGES.unknownMergeField(field, unknown));
  }
}

export async function findRow(tx: Tx, tenantId: string, id: string, lock = false): Promise<CampaignRow> {
  const query = tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw campaignNotFound();
  return row;
}
