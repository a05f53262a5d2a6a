import type {
  ContactChildRequest,
  ContactGuardianList,
  ContactGuardianListQuery,
  ContactGuardianRequest,
  ContactRelative,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { toRelative } from './contact-mappers.ts';
import {
  findChildren,
  findContact,
  findGuardians,
  findTenantGuardians,
  isDescendant,
  linkGuardian,
  unlinkGuardian,
} from './contact-records.repo.ts';
import { insertNewContact, requireContact, translateUniqueEmail } from './contact-records.service.ts';

export function listChildren(db: Db, tenant: TenantContext, id: string): Promise<ContactRelative[]> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, id);
    return (await findChildren(tx, tenant.tenantId, id)).map(toRelative);
  });
}

export function listGuardians(db: Db, tenant: TenantContext, id: string): Promise<ContactRelative[]> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, id);
    return (await findGuardians(tx, tenant.tenantId, id)).map(toRelative);
  });
}

type NewRelative = Omit<z.output<typeof ContactChildRequest>, 'childId'>;

const SIDE_TEXT = {
  guardian: {
    walkin: 'The walk-in contact cannot have children.',
    self: 'A contact cannot be their own child.',
    otherWalkin: 'The walk-in contact cannot be a child.',
    loop: 'This contact is already a guardian of this contact.',
  },
  child: {
    walkin: 'The walk-in contact cannot have a guardian.',
    self: 'A contact cannot be their own guardian.',
    otherWalkin: 'The walk-in contact cannot be a guardian.',
    loop: 'This contact is already a child of this contact.',
  },
} as const;

/**
 * The one linking path of both directions: `known` is the contact the call is about (the guardian of
 * POST .../{id}/children, the child of POST /rest/contact/guardian); the other is an existing contact
 * of the tenant (`otherId`) or a new contact from the dialog's fields. Returns the link made.
 */
async function linkRelative(
  tx: Tx,
  tenant: TenantContext,
  known: { id: string; field: string; side: 'guardian' | 'child' },
  other: { id?: string; field: string; fields: NewRelative },
): Promise<{ guardianId: string; childId: string }> {
  const text = SIDE_TEXT[known.side];
  const knownRow = await requireContact(tx, tenant.tenantId, known.id);
  if (knownRow.isWalkin) throw badRequest(known.field, text.walkin);
  let otherId: string;
  if (other.id) {
    const row = await findContact(tx, tenant.tenantId, other.id);
    if (!row) throw notFound('Contact');
    if (row.id === knownRow.id) throw badRequest(other.field, text.self);
    if (row.isWalkin) throw badRequest(other.field, text.otherWalkin);
    const [guardianId, childId] = known.side === 'guardian' ? [knownRow.id, row.id] : [row.id, knownRow.id];
    if (await isDescendant(tx, tenant.tenantId, childId, guardianId)) throw badRequest(other.field, text.loop);
    otherId = row.id;
  } else {
    const { firstName = '', lastName = '', email = '', ...rest } = other.fields;
    otherId = (await insertNewContact(tx, tenant, { ...rest, firstName, lastName, email })).id;
  }
  const link =
    known.side === 'guardian'
      ? { guardianId: knownRow.id, childId: otherId }
      : { guardianId: otherId, childId: knownRow.id };
  await linkGuardian(tx, tenant.tenantId, link.guardianId, link.childId);
  return link;
}

/**
 * POST /rest/contact/{id}/children: links an existing contact of the tenant ({childId}) or creates
 * a new contact from the dialog's fields, in one transaction; answers the guardian's children.
 */
export function addChild(
  db: Db,
  tenant: TenantContext,
  guardianId: string,
  body: z.output<typeof ContactChildRequest>,
): Promise<ContactRelative[]> {
  const { childId, ...fields } = body;
  return translateUniqueEmail(() =>
    withTenant(db, tenant.tenantId, async (tx) => {
      await linkRelative(
        tx,
        tenant,
        { id: guardianId, field: 'id', side: 'guardian' },
        { id: childId, field: 'childId', fields },
      );
      return (await findChildren(tx, tenant.tenantId, guardianId)).map(toRelative);
    }),
  );
}

/**
 * POST /rest/contact/guardian: the other way round, links an existing contact ({guardianId}) or a
 * new one as a guardian of `childId`; answers the child's guardians.
 */
export function addGuardian(
  db: Db,
  tenant: TenantContext,
  body: z.output<typeof ContactGuardianRequest>,
): Promise<ContactRelative[]> {
  const { childId, guardianId, ...fields } = body;
  return translateUniqueEmail(() =>
    withTenant(db, tenant.tenantId, async (tx) => {
      await linkRelative(
        tx,
        tenant,
        { id: childId, field: 'childId', side: 'child' },
        { id: guardianId, field: 'guardianId', fields },
      );
      return (await findGuardians(tx, tenant.tenantId, childId)).map(toRelative);
    }),
  );
}

/** GET /rest/contact/guardian: the tenant's guardians (contacts linked as a guardian of someone). */
export function listTenantGuardians(
  db: Db,
  tenant: TenantContext,
  query: z.output<typeof ContactGuardianListQuery>,
): Promise<ContactGuardianList> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    const { rows, total } = await findTenantGuardians(tx, tenant.tenantId, query);
    return { data: rows.map(toRelative), recordsTotal: total };
  });
}

/**
 * Unlinks a guardian and a child (DELETE /rest/contact/{childId}/guardian/{guardianId}, or
 * /rest/contact/{guardianId}/children/{childId}); neither contact is deleted. Either contact
 * unknown (or another tenant's), or no such link: 404. Answers the side the caller looked from.
 */
export function removeGuardianLink(
  db: Db,
  tenant: TenantContext,
  link: { guardianId: string; childId: string },
  answer: 'children' | 'guardians',
): Promise<ContactRelative[]> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, link.guardianId);
    await requireContact(tx, tenant.tenantId, link.childId);
    if (!(await unlinkGuardian(tx, tenant.tenantId, link.guardianId, link.childId))) throw notFound('Family link');
    const rows =
      answer === 'children'
        ? await findChildren(tx, tenant.tenantId, link.guardianId)
        : await findGuardians(tx, tenant.tenantId, link.childId);
    return rows.map(toRelative);
  });
}
