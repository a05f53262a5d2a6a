import type { ContactActivity, ContactActivityInput, ContactActivityUpdate, ContactNote } from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { toActivity, toNote } from './contact-mappers.ts';
import { findContact } from './contact-records.repo.ts';
import { requireContact } from './contact-records.service.ts';
import {
  deleteActivity,
  deleteNote,
  findActivities,
  findNotes,
  insertActivity,
  insertNote,
  updateActivity,
  updateNote,
} from './contact-timeline.repo.ts';

/** The signed-in staff member, as notes and activities name their author. */
async function author(tx: Tx, ctx: Authenticated): Promise<{ authorId: string; authorName: string }> {
  const me = await findContact(tx, ctx.tenant.tenantId, ctx.auth.sub);
  return { authorId: ctx.auth.sub, authorName: me ? [me.name, me.lastName].filter(Boolean).join(' ') : '' };
}

export function listNotes(db: Db, tenant: TenantContext, contactId: string): Promise<ContactNote[]> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    return (await findNotes(tx, tenant.tenantId, contactId)).map(toNote);
  });
}

export function addNote(db: Db, ctx: Authenticated, contactId: string, body: string): Promise<ContactNote> {
  const { tenantId } = ctx.tenant;
  return withTenant(db, tenantId, async (tx) => {
    await requireContact(tx, tenantId, contactId);
    return toNote(await insertNote(tx, tenantId, { contactId, body, ...(await author(tx, ctx)) }));
  });
}

export function editNote(db: Db, tenant: TenantContext, contactId: string, noteId: string, body: string) {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    const row = await updateNote(tx, tenant.tenantId, contactId, noteId, body);
    if (!row) throw notFound('Note');
    return toNote(row);
  });
}

export function removeNote(db: Db, tenant: TenantContext, contactId: string, noteId: string) {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    if (!(await deleteNote(tx, tenant.tenantId, contactId, noteId))) throw notFound('Note');
    return { message: 'Note deleted.' };
  });
}

export function listActivities(db: Db, tenant: TenantContext, contactId: string): Promise<ContactActivity[]> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    return (await findActivities(tx, tenant.tenantId, contactId)).map(toActivity);
  });
}

export function addActivity(
  db: Db,
  ctx: Authenticated,
  contactId: string,
  input: z.output<typeof ContactActivityInput>,
): Promise<ContactActivity> {
  const { tenantId } = ctx.tenant;
  return withTenant(db, tenantId, async (tx) => {
    await requireContact(tx, tenantId, contactId);
    const row = await insertActivity(tx, tenantId, {
      contactId,
      type: input.type,
      title: input.title,
      description: input.description,
      occurredAt: input.occurredAt ? new Date(input.occurredAt) : new Date(),
      ...(await author(tx, ctx)),
    });
    return toActivity(row);
  });
}

export function editActivity(
  db: Db,
  tenant: TenantContext,
  contactId: string,
  activityId: string,
  input: z.output<typeof ContactActivityUpdate>,
): Promise<ContactActivity> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    const { occurredAt, ...rest } = input;
    const row = await updateActivity(tx, tenant.tenantId, contactId, activityId, {
      ...rest,
      ...(occurredAt ? { occurredAt: new Date(occurredAt) } : {}),
    });
    if (!row) throw notFound('Activity');
    return toActivity(row);
  });
}

export function removeActivity(db: Db, tenant: TenantContext, contactId: string, activityId: string) {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    if (!(await deleteActivity(tx, tenant.tenantId, contactId, activityId))) throw notFound('Activity');
    return { message: 'Activity deleted.' };
  });
}
