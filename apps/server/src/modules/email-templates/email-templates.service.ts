import {
  type EmailTemplate,
  type EmailTemplateWrite,
  SYSTEM_TEMPLATE_KEYS,
  type SystemTemplateKey,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import {
  deleteTemplateRow,
  type EmailTemplateRow,
  type EmailTemplateValues,
  findTemplateRow,
  insertTemplateRow,
  listTemplateRows,
  updateTemplateRow,
} from './email-templates.repo.ts';

type TemplateInput = z.output<typeof EmailTemplateWrite>;

export function toEmailTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    subject: row.subject,
    template: row.template,
    systemKey: (row.systemKey as SystemTemplateKey | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What is stored: the body sanitised on save (no script, handler or javascript: URL; the same
 * rules as website pages), the subject on one line (it becomes a mail header).
 */
function toValues(input: TemplateInput): EmailTemplateValues {
  return {
    name: input.name,
    subject: input.subject.replace(/[\r\n\t]+/g, ' ').trim(),
    template: sanitizePageHtml(input.template),
    systemKey: input.systemKey ?? null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** One template per platform email: a second one for the same key is a 400 on `systemKey`. */
async function translateSystemKeyTaken<T>(systemKey: string | null | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (systemKey && isUniqueViolation(error)) {
      const label = SYSTEM_TEMPLATE_KEYS[systemKey as SystemTemplateKey]?.label ?? systemKey;
      throw badRequest('systemKey', `Another template is already used for ${label}.`);
    }
    throw error;
  }
}

export function listEmailTemplates(db: Db, tenant: TenantContext) {
  return withTenant(db, tenant.tenantId, async (tx) =>
    (await listTemplateRows(tx, tenant.tenantId)).map(toEmailTemplate),
  );
}

export async function getEmailTemplate(db: Db, tenant: TenantContext, id: string) {
  const row = await withTenant(db, tenant.tenantId, (tx) => findTemplateRow(tx, tenant.tenantId, id));
  if (!row) throw notFound('Template');
  return toEmailTemplate(row);
}

export function createEmailTemplate(db: Db, tenant: TenantContext, input: TemplateInput) {
  return translateSystemKeyTaken(input.systemKey, async () =>
    toEmailTemplate(
      await withTenant(db, tenant.tenantId, (tx) => insertTemplateRow(tx, tenant.tenantId, toValues(input))),
    ),
  );
}

export async function updateEmailTemplate(db: Db, tenant: TenantContext, id: string, input: TemplateInput) {
  const row = await translateSystemKeyTaken(input.systemKey, () =>
    withTenant(db, tenant.tenantId, (tx) => updateTemplateRow(tx, tenant.tenantId, id, toValues(input))),
  );
  if (!row) throw notFound('Template');
  return toEmailTemplate(row);
}

export async function deleteEmailTemplate(db: Db, tenant: TenantContext, id: string) {
  const deleted = await withTenant(db, tenant.tenantId, (tx) => deleteTemplateRow(tx, tenant.tenantId, id));
  if (!deleted) throw notFound('Template');
  return { id };
}
