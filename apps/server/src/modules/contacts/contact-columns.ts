import { contacts } from '../../db/schema/index.ts';

/** A contact as a person is named and reached: for a select that shows who someone is. */
export const contactIdentityColumns = {
  id: contacts.id,
  name: contacts.name,
  lastName: contacts.lastName,
  email: contacts.email,
  phone: contacts.phone,
};
