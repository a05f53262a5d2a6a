import { FEEDBACK_MESSAGES, type Feedback, type FeedbackList, type FeedbackListQuery } from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import * as repo from './feedback.repo.ts';

export function toFeedback(row: repo.FeedbackWithContact): Feedback {
  return {
    _id: row.id,
    message: row.message,
    name: row.name,
    email: row.email,
    picture: row.picture,
    contactId: row.contactId,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    repliedByName: row.repliedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only a member signed in as themselves sends feedback: not staff, not a student preview, not an admin acting as them. */
function memberOf(auth: AccessClaims): string {
  if (auth.role !== 'student' || auth.preview || auth.act) throw forbidden(FEEDBACK_MESSAGES.notMember);
  return auth.sub;
}

/** POST /client/feedback: a member's message to the studio. */
export async function sendFeedback(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  message: string,
): Promise<Feedback> {
  const contactId = memberOf(auth);
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const id = await repo.insertFeedback(tx, tenant.tenantId, contactId, message);
    const row = await repo.findFeedback(tx, tenant.tenantId, id);
    if (!row) throw notFound('Feedback');
    return toFeedback(row);
  });
}

/** GET /client/feedback?offset=&max=: staff read the studio's feedback, newest first. */
export function listFeedback(
  platform: Platform,
  tenant: TenantContext,
  query: z.output<typeof FeedbackListQuery>,
): Promise<FeedbackList> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const { rows, total } = await repo.findFeedbackPage(tx, tenant.tenantId, {
      offset: query.offset,
      limit: query.max,
    });
    return { data: rows.map(toFeedback), total };
  });
}

/**
 * PUT /client/feedback/{id}/reply: staff answer the member by email from the studio; the answer is
 * kept on the feedback. The same answer again is not mailed again; a new one replaces it and is mailed.
 */
export async function replyToFeedback(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  reply: string,
): Promise<Feedback> {
  const origin = tenantOrigin(platform.config, tenant);
  const answered = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const current = await repo.findFeedback(tx, tenant.tenantId, id);
    if (!current) throw notFound('Feedback');
    const repliedByName = await repo.contactName(tx, tenant.tenantId, auth.sub);
    if (await repo.saveReply(tx, tenant.tenantId, id, { reply, repliedByName })) {
      await enqueueEmail(tx, tenant.tenantId, {
        to: current.email,
        subject: `${tenant.name} replied to your feedback`,
        text: [
          `Hello ${current.name || 'there'},`,
          '',
          `${repliedByName || tenant.name} replied to your feedback to ${tenant.name}:`,
          '',
          reply,
          '',
          `Your feedback: ${current.message}`,
          '',
          `${origin}/`,
          tenant.name,
        ].join('\n'),
      });
    }
    const row = await repo.findFeedback(tx, tenant.tenantId, id);
    if (!row) throw notFound('Feedback');
    return toFeedback(row);
  });
  // committed: the answer goes now, not at the next sweep
  await platform.outbox.kick();
  return answered;
}
