import type { ContactChildRequest, ContactRelative } from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { toRelative } from './contact-mappers.ts';
import {
  findChildren,
  findContact,
  findGuardians,
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
  return translateUniqueEmail(() =>
    withTenant(db, tenant.tenantId, async (tx) => {
      const guardian = await requireContact(tx, tenant.tenantId, guardianId);
      if (guardian.isWalkin) throw badRequest('id', 'The walk-in contact cannot have children.');
      let childId: string;
      if (body.childId) {
        const child = await findContact(tx, tenant.tenantId, body.childId);
        if (!child) throw notFound('Contact');
        if (child.id === guardianId) throw badRequest('childId', 'A contact cannot be their own child.');
        if (child.isWalkin) throw badRequest('childId', 'The walk-in contact cannot be a child.');
        if (await isDescendant(tx, tenant.tenantId, child.id, guardianId)) {
          throw badRequest('childId', 'This contact is already a guardian of this contact.');
        }
        childId = child.id;
      } else {
        const { firstName = '', lastName = '', email = '', ...rest } = body;
        childId = (await insertNewContact(tx, tenant, { ...rest, firstName, lastName, email })).id;
      }
      await linkGuardian(tx, tenant.tenantId, guardianId, childId);
      return (await findChildren(tx, tenant.tenantId, guardianId)).map(toRelative);
    }),
  );
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
