import type { ContactCustomFieldValue, CustomField, CustomFieldInput } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/** Spec 2 §7 "Custom fields" and the contact detail's values. */
export const customFieldsApi = {
  list: () => apiRequest<CustomField[]>('/rest/customField'),
  /** Failures are shown by the dialog (the field's message, or a toast). */
  create: (body: CustomFieldInput) =>
    apiRequest<CustomField>('/rest/customField', { method: 'POST', body, silent: true }),
  update: (guId: string, body: CustomFieldInput) =>
    apiRequest<CustomField>(`/rest/customField/${id(guId)}`, { method: 'PUT', body, silent: true }),
  remove: (guId: string) => apiRequest<{ message: string }>(`/rest/customField/${id(guId)}`, { method: 'DELETE' }),
  contactValues: (contactId: string) =>
    apiRequest<ContactCustomFieldValue[]>(`/rest/contact/${id(contactId)}/customFields`),
  saveContactValues: (contactId: string, values: { guId: string; value: string }[]) =>
    apiRequest<ContactCustomFieldValue[]>(`/rest/contact/${id(contactId)}/customFields`, {
      method: 'PUT',
      body: values,
      silent: true,
    }),
};
