import type { ContactStatus } from '@atrium/contracts';
import { type Db, withTenant } from '../db/client.ts';
import { contactActivities, contactGuardians, contactNotes, contacts } from '../db/schema/index.ts';

interface DemoContact {
  name: string;
  lastName: string;
  email: string;
  phone: string;
  statuses: ContactStatus[];
  tags: string[];
  balance?: string;
  isUnread?: boolean;
  leadSource?: string;
  daysAgo: number;
}

const CONTACTS: DemoContact[] = [
  {
    name: 'Olivia',
    lastName: 'Bennett',
    email: 'olivia.bennett@example.com',
    phone: '+1 555 0142',
    statuses: ['member', 'client'],
    tags: ['Yoga', 'Morning'],
    daysAgo: 120,
  },
  {
    name: 'Liam',
    lastName: 'Carter',
    email: 'liam.carter@example.com',
    phone: '+1 555 0187',
    statuses: ['member'],
    tags: ['Pilates'],
    balance: '-35.00',
    daysAgo: 90,
  },
  {
    name: 'Sofia',
    lastName: 'Ramirez',
    email: 'sofia.ramirez@example.com',
    phone: '+1 555 0123',
    statuses: ['lead'],
    tags: ['Trial'],
    leadSource: 'Website',
    isUnread: true,
    daysAgo: 0,
  },
  {
    name: 'Noah',
    lastName: 'Kim',
    email: 'noah.kim@example.com',
    phone: '+1 555 0168',
    statuses: ['followup', 'lead'],
    tags: ['Trial', 'Evening'],
    leadSource: 'Instagram',
    daysAgo: 3,
  },
  {
    name: 'Emma',
    lastName: 'Thompson',
    email: 'emma.thompson@example.com',
    phone: '+1 555 0191',
    statuses: ['member', 'client'],
    tags: ['Yoga', 'Parent'],
    balance: '20.00',
    daysAgo: 400,
  },
  {
    name: 'Lucas',
    lastName: 'Thompson',
    email: 'lucas.thompson@example.com',
    phone: '',
    statuses: ['member'],
    tags: ['Kids'],
    daysAgo: 400,
  },
  {
    name: 'Ava',
    lastName: 'Nguyen',
    email: 'ava.nguyen@example.com',
    phone: '+1 555 0155',
    statuses: ['inactive'],
    tags: [],
    daysAgo: 700,
  },
  {
    name: 'Mateo',
    lastName: 'Rossi',
    email: 'mateo.rossi@example.com',
    phone: '+1 555 0176',
    statuses: ['client'],
    tags: ['Workshop'],
    daysAgo: 30,
  },
];

/** A few real-looking contacts for the demo tenant, one family, a note and an activity. */
export async function seedDemoContacts(db: Db, tenantId: string, authorName: string): Promise<void> {
  await withTenant(db, tenantId, async (tx) => {
    const ids = new Map<string, string>();
    for (const person of CONTACTS) {
      const at = new Date(Date.now() - person.daysAgo * 86_400_000);
      const [row] = await tx
        .insert(contacts)
        .values({
          tenantId,
          email: person.email,
          name: person.name,
          lastName: person.lastName,
          phone: person.phone,
          role: 'student',
          statuses: person.statuses,
          tags: person.tags,
          balance: person.balance ?? '0',
          isUnread: person.isUnread ?? false,
          leadSource: person.leadSource ?? '',
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: contacts.id });
      if (row) ids.set(person.email, row.id);
    }
    const emma = ids.get('emma.thompson@example.com');
    const lucas = ids.get('lucas.thompson@example.com');
    const olivia = ids.get('olivia.bennett@example.com');
    if (emma && lucas) await tx.insert(contactGuardians).values({ tenantId, guardianId: emma, childId: lucas });
    if (olivia) {
      await tx
        .insert(contactNotes)
        .values({ tenantId, contactId: olivia, body: 'Prefers the 7am flow class.', authorName });
      await tx.insert(contactActivities).values({
        tenantId,
        contactId: olivia,
        type: 'visit',
        title: 'Renewed membership at the front desk',
        authorName,
      });
    }
  });
}
